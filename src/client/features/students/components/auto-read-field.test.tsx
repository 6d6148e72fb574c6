import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Student } from '@shared/schemas/student';
import { studentsStrings } from '../strings';
import { StudentForm } from './student-form';

// The form renders once its on-demand strings are in, as it does in the app (the students panel
// loads them before it opens); they are loaded here first, since the form is rendered on its own.
beforeAll(() => studentsStrings('en'));

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

// Generous: the machine running the suite may be busy, and user-event types key by key.
describe('student form: read each card aloud', { timeout: 20_000 }, () => {
  it('is off for a new student and sent as auto_read when turned on', async () => {
    const onSubmit = renderForm();
    const box = screen.getByRole('checkbox', { name: 'Read each card aloud when it appears' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/For children who cannot read yet/);
    await userEvent.type(screen.getByLabelText('Name'), 'Ana');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Add student' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Ana', auto_read: true });
  });

  it('shows a student’s setting and can turn it off', async () => {
    const ana = {
      id: 1,
      name: 'Ana',
      age: null,
      native_language: '',
      created_at: '2030-01-01T00:00:00Z',
      auto_read: true,
    };
    const onSubmit = renderForm(ana as Student);
    const box = screen.getByRole('checkbox', { name: 'Read each card aloud when it appears' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ auto_read: false });
  });
});
