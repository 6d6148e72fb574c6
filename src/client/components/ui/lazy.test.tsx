import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed, LoadBoundary } from './lazy';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

afterEach(() => vi.restoreAllMocks());

describe('lazyNamed', () => {
  it('shows the part once its code arrives', async () => {
    const Part = lazyNamed(async () => Hello);
    render(<Part name="Ana" />);
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
  });

  it('says a failed download could not load, and "Try again" downloads it afresh', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    load.mockResolvedValue(Hello);
    const Part = lazyNamed<{ name: string }>(load);
    render(
      <main>
        <h1>Still here</h1>
        <Part name="Ana" />
      </main>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of the page could not load. Check your connection and try again.',
    );
    expect(screen.getByRole('heading', { name: 'Still here' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again by itself when the connection comes back', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('offline'));
    load.mockResolvedValue(Hello);
    const Part = lazyNamed<{ name: string }>(load);
    render(<Part name="Leo" />);
    await screen.findByRole('alert');
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Hello Leo')).toBeInTheDocument();
  });
});

describe('lazyNamed, online again', () => {
  it('tries again by itself when the download fails again just after the connection came back', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('offline'));
    load.mockRejectedValueOnce(new TypeError('still not through'));
    load.mockResolvedValue(Hello);
    const Part = lazyNamed<{ name: string }>(load);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Part name="Noa" />);
    await screen.findByRole('alert');
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Hello Noa', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('LoadBoundary', () => {
  it('passes on errors that are not a failed download', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('a bug, not the network');
    };
    expect(() =>
      render(
        <LoadBoundary onRetry={() => undefined}>
          <Broken />
        </LoadBoundary>,
      ),
    ).toThrow('a bug, not the network');
  });
});
