import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { writeFlag } from '@client/lib/storage';
import { Tour } from './tour';

/**
 * The study tour, 5 steps: welcome, flashcard, volume button, mastered button, skip button
 * (SPEC §2 Tours). The study screen opens it on the first study (studyTourCompleted unset)
 * and from its menu; closing it in any way records it as completed.
 */
export function StudyTour({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const close = useCallback(() => {
    writeFlag('studyTourCompleted', true);
    onClose();
  }, [onClose]);

  return (
    <Tour
      open={open}
      label={t('tours.study.label')}
      onClose={close}
      steps={[
        { title: t('tours.study.welcome.title'), body: t('tours.study.welcome.body') },
        { target: 'study-card', title: t('tours.study.card.title'), body: t('tours.study.card.body') },
        { target: 'study-speaker', title: t('tours.study.speaker.title'), body: t('tours.study.speaker.body') },
        { target: 'study-mastered', title: t('tours.study.mastered.title'), body: t('tours.study.mastered.body') },
        { target: 'study-skip', title: t('tours.study.skip.title'), body: t('tours.study.skip.body') },
      ]}
    />
  );
}
