import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Student } from '@shared/schemas/student';
import type { LearningSettings } from '@shared/schemas/review';
import { setLanguage } from '@client/lib/i18n';
import { studentsStrings } from '../strings';
import { StudentForm } from './student-form';

// The form renders once its on-demand strings are in, as it does in the app (the students panel
// loads them before it opens); they are loaded here first, since the form is rendered on its own
// (in English and in Spanish, which one test speaks).
beforeAll(() => Promise.all([studentsStrings('en'), studentsStrings('es')]));

const ana = {
  id: 1,
  name: 'Ana',
  age: 9,
  native_language: 'English',
  created_at: '2030-01-01T00:00:00Z',
  auto_read: false,
  desired_retention: 0.85,
  new_per_day: 5,
  max_reviews_per_day: 50,
  grading: 'simple',
} as Student & LearningSettings;

const renderForm = (student?: Student) => {
  const onSubmit = vi.fn();
  render(
    <StudentForm
      student={student}
      pending={false}
      error={null}
      serverError={null}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
};

// Generous, like the other form tests: the machine running the suite may be busy, and the whole form
// (now with how the student studies) re-renders on each key user-event types.
describe('student form: learning settings', { timeout: 20_000 }, () => {
  it('shows the student’s settings in plain words and sends the changed ones', async () => {
    const onSubmit = renderForm(ana);
    await userEvent.click(screen.getByText('Learning settings'));
    const retention = screen.getByRole('slider', { name: 'How much to remember' });
    expect(retention).toHaveValue('85');
    expect(retention).toHaveAttribute('aria-valuetext', '85 %');
    expect(screen.getByLabelText('New cards each day')).toHaveValue(5);
    expect(screen.getByRole('radio', { name: /Simple: Mastered or Not mastered/ })).toBeChecked();

    fireEvent.change(retention, { target: { value: '95' } });
    await userEvent.clear(screen.getByLabelText('New cards each day'));
    await userEvent.type(screen.getByLabelText('New cards each day'), '20');
    await userEvent.click(screen.getByRole('radio', { name: /Detailed: Again, Hard, Good or Easy/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      desired_retention: 0.95,
      new_per_day: 20,
      max_reviews_per_day: 50,
      grading: 'detailed',
    });
  });

  it('gives a new student the defaults', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Ben');
    await userEvent.click(screen.getByRole('button', { name: 'Add student' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      desired_retention: 0.9,
      new_per_day: 10,
      max_reviews_per_day: 100,
      grading: 'simple',
    });
  });

  it('refuses numbers outside the limits with the shared schema, opening the section to show why', async () => {
    const onSubmit = renderForm(ana);
    const details = screen.getByText('Learning settings').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    // Typed while folded away (the section is in the DOM), then submitted.
    fireEvent.change(screen.getByLabelText('Most reviews each day', { selector: 'input' }), {
      target: { value: '501' },
    });
    fireEvent.change(screen.getByLabelText('New cards each day', { selector: 'input' }), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Must be at most 500.')).toBeVisible();
    expect(screen.getByText('Enter a number.')).toBeVisible();
    expect(details).toHaveAttribute('open');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    await setLanguage('es');
    try {
      renderForm(ana);
      expect(screen.getByText('Ajustes de aprendizaje')).toBeInTheDocument();
      expect(screen.getByRole('slider', { name: 'Cuánto recordar' })).toHaveAttribute('aria-valuetext', '85 %');
    } finally {
      await setLanguage('en');
    }
  });
});
