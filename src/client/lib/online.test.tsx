import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerReached, useOnline } from './online';

function Probe() {
  return <p>{useOnline() ? 'online' : 'offline'}</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
  noteServerReached(true);
});

describe('useOnline', () => {
  it('follows the browser and requests that did not reach the server', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<Probe />);
    expect(screen.getByText('online')).toBeInTheDocument();

    act(() => noteServerReached(false));
    expect(screen.getByText('offline')).toBeInTheDocument();
    // The browser says the network is back: try again.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('online')).toBeInTheDocument();

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('offline')).toBeInTheDocument();
    // A request that reached the server does not override the browser having no network.
    act(() => noteServerReached(true));
    expect(screen.getByText('offline')).toBeInTheDocument();
  });
});
