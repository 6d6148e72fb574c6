import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import styles from './class.module.css';

/** The switch between one student's progress and "All students" (the current page is marked for screen readers). */
export function ProgressViews() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('class.views.label')} className={styles.views}>
      <NavLink to="/progress" end className={({ isActive }) => (isActive ? styles.activeView : styles.view)}>
        {t('class.views.student')}
      </NavLink>
      <NavLink to="/progress/all" className={({ isActive }) => (isActive ? styles.activeView : styles.view)}>
        {t('class.views.all')}
      </NavLink>
    </nav>
  );
}
