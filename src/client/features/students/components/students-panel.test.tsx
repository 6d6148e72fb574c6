import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@client/lib/auth';
import { CurrentStudentProvider, studentsQuery, useCurrentStudent } from '@client/lib/current-student';
import { studentsStrings } from '../strings';
import { StudentsPanel } from './students-panel';

// The panel opens once the strings of its forms (downloaded on demand) are in: loaded here first, so
// that what is tested is the panel, not how long a first download of them takes in the test runner.
beforeAll(() => studentsStrings('en'));

const user = {
  id: 1,
  email: 'pat@example.com',
  name: 'Pat',
  google_user_data: { picture: null, given_name: 'Pat', name: 'Pat' },
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const student = (id: number, name: string, extra = {}) => ({
  id,
  name,
  age: null,
  native_language: '',
  created_at: '2030-01-01T00:00:00Z',
  ...extra,
});

type Handler = (method: string, body: unknown) => Response | undefined;

/** fetch stand-in: answers /api/users/me and /api/students from `students`, the rest from `handler`. */
function stubApi(initial: ReturnType<typeof student>[], handler: Handler = () => undefined) {
  const students = [...initial];
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      const answer = handler(method, body);
      if (answer) return answer;
      if (path === '/api/users/me') return json(200, user);
      if (path === '/api/students' && method === 'GET') return json(200, students);
      if (path === '/api/students' && method === 'POST') {
        const s = student(100 + students.length, body.name, body);
        students.push(s);
        return json(201, s);
      }
      return json(404, { error: 'Not found', code: 'not_found' });
    }),
  );
  return calls;
}

function Current() {
  const { currentStudent } = useCurrentStudent();
  return <p data-testid="current">{currentStudent?.name ?? 'none'}</p>;
}

/** Renders the open panel once the user and the student list have loaded. */
async function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Awaited: the panel reads its strings with `use`, which React's act finishes asynchronously.
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <CurrentStudentProvider>
            <Current />
            <StudentsPanel open onOpenChange={() => {}} />
          </CurrentStudentProvider>
        </AuthProvider>
      </QueryClientProvider>,
    );
  });
  await waitFor(() => expect(client.getQueryState(studentsQuery.queryKey)?.status).toBe('success'));
}

afterEach(() => vi.unstubAllGlobals());

// Generous: the machine running the suite may be busy, and user-event types key by key.
describe('StudentsPanel', { timeout: 20_000 }, () => {
  it('adds the first student, sending an empty age as null, and makes it current', async () => {
    const calls = stubApi([]);
    await renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Add first student' }));
    await userEvent.type(screen.getByLabelText('Name'), '  Ana ');
    await userEvent.selectOptions(screen.getByLabelText('Native language'), 'English');
    await userEvent.click(screen.getByRole('button', { name: 'Add student' }));
    expect(await screen.findByRole('button', { name: 'Edit Ana' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Ana',
      age: null,
      native_language: 'English',
      auto_read: false,
      reads: true,
      // The learning settings' defaults, as the form shows them.
      desired_retention: 0.9,
      new_per_day: 10,
      max_reviews_per_day: 100,
      grading: 'simple',
    });
    expect(screen.getByTestId('current')).toHaveTextContent('Ana');
  });

  it('sends a typed age as a number and refuses ages outside 1–100', async () => {
    const calls = stubApi([]);
    await renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Add first student' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ben');
    await userEvent.type(screen.getByLabelText('Age (optional)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add student' }));
    expect(await screen.findByText('Must be at least 1.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Age (optional)'));
    await userEvent.type(screen.getByLabelText('Age (optional)'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Add student' }));
    await screen.findByRole('button', { name: 'Edit Ben' });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Ben', age: 7 });
  });

  it('shows the SPEC message on a failed create, and server field errors next to the field', async () => {
    stubApi([], (method) =>
      method === 'POST'
        ? json(400, {
            error: 'Invalid input: name',
            code: 'invalid_input',
            fields: [{ field: 'name', code: 'too_big', message: 'x', maximum: 50 }],
          })
        : undefined,
    );
    await renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Add first student' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Add student' }));
    expect(await screen.findByText('Failed to create student. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Use at most 50 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows 'Failed to update student' when an edit fails", async () => {
    stubApi([student(5, 'Ana')], (method) =>
      method === 'PUT' ? json(500, { error: 'Internal error', code: 'internal' }) : undefined,
    );
    await renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ana' }));
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Anita');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update student')).toBeInTheDocument();
  });

  it('deleting the current student makes the first remaining one current', async () => {
    localStorage.setItem('currentStudentId', '6');
    let remaining = [student(5, 'Ana'), student(6, 'Ben')];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit = {}) => {
        if (path === '/api/users/me') return json(200, user);
        if (init.method === 'DELETE') {
          remaining = remaining.filter((s) => `/api/students/${s.id}` !== path);
          return json(200, { ok: true });
        }
        if (path === '/api/students') return json(200, remaining);
        return json(200, []);
      }),
    );
    await renderPanel();
    expect(screen.getByTestId('current')).toHaveTextContent('Ben');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Ben' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete student' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete "Ben"?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete student' }));
    await waitFor(() => expect(screen.getByTestId('current')).toHaveTextContent('Ana'));
    expect(localStorage.getItem('currentStudentId')).toBe('5');
  });
});
