import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClassStudent } from '@shared/schemas/class-progress';
import { sortStudents, type Sort } from '../class-table';
import { classStrings } from '../strings';
import { ClassTable } from './class-table';

beforeAll(() => classStrings('en'));

const students: ClassStudent[] = [
  {
    id: 1,
    name: 'Ana',
    due_today: 2,
    reviews_7_days: 30,
    accuracy_30_days: 81.6,
    cards_learned: 40,
    last_studied: null,
  },
  { id: 2, name: 'Ben', due_today: 9, reviews_7_days: 4, accuracy_30_days: null, cards_learned: 3, last_studied: null },
];

function Harness({ onOpen }: { onOpen: (id: number) => void }) {
  const [sort, setSort] = useState<Sort>({ column: 'name', direction: 'ascending' });
  return (
    <MemoryRouter>
      <ClassTable rows={sortStudents(students, sort, 'en')} sort={sort} onSort={setSort} onOpen={onOpen} />
    </MemoryRouter>
  );
}
const firstColumn = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

// Generous: the machine running the suite may be busy, and user-event clicks one event at a time.
describe('ClassTable', { timeout: 20_000 }, () => {
  it('sorts by a header button, telling which order is in force, and opens a student by name', async () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    expect(firstColumn()).toEqual(['Ana', 'Ben']);
    expect(screen.getByRole('columnheader', { name: /Student/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('row', { name: /Ana/ })).toHaveTextContent('Ana23082%40Never');

    await userEvent.click(screen.getByRole('button', { name: /Due today/ }));
    expect(firstColumn()).toEqual(['Ben', 'Ana']);
    expect(screen.getByRole('columnheader', { name: /Due today/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Student/ })).not.toHaveAttribute('aria-sort');

    await userEvent.click(screen.getByRole('button', { name: /Due today/ }));
    expect(firstColumn()).toEqual(['Ana', 'Ben']);
    expect(screen.getByRole('row', { name: /Ben/ })).toHaveTextContent('No answers');

    await userEvent.click(screen.getByRole('link', { name: 'Ben' }));
    expect(onOpen).toHaveBeenCalledWith(2);
  });
});
