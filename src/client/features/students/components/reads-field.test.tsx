import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { studentsStrings } from '../strings';
import { StudentForm } from './student-form';

beforeAll(() => studentsStrings('en'));

const renderForm = () => {
  const onSubmit = vi.fn();
  render(<StudentForm pending={false} error={null} serverError={null} onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
};

describe('student form: how the student studies', { timeout: 20_000 }, () => {
  it('proposes "does not read yet" for a new student aged 6 or less, and sends the choice', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Leo');
    const group = await screen.findByRole('group', { name: 'How Leo studies' });
    expect(group).toHaveAccessibleDescription(/listen and pick/);
    expect(screen.getByRole('radio', { name: 'Reads' })).toBeChecked();
    await userEvent.type(screen.getByLabelText(/Age/), '5');
    expect(screen.getByRole('radio', { name: 'Does not read yet' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add student' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Leo', age: 5, reads: false });
  });

  it('keeps a choice made by hand, ', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Mia');
    await userEvent.click(await screen.findByRole('radio', { name: 'Does not read yet' }));
    await userEvent.type(screen.getByLabelText(/Age/), '9');
    expect(screen.getByRole('radio', { name: 'Does not read yet' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add student' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ reads: false });
  });
});
