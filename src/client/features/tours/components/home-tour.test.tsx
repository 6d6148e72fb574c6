import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HomeTour } from './home-tour';
import { StudyTour } from './study-tour';

describe('HomeTour', () => {
  it('does not appear before onboarding is completed, nor after the tour was completed', () => {
    const { unmount } = render(<HomeTour />);
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    localStorage.setItem('onboardingCompleted', 'true');
    localStorage.setItem('productTourCompleted', 'true');
    render(<HomeTour />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('steps forwards and backwards, takes focus and records completion on finish', async () => {
    localStorage.setItem('onboardingCompleted', 'true');
    const user = userEvent.setup();
    render(<HomeTour />);
    const dialog = screen.getByRole('dialog', { name: 'Product tour' });
    expect(dialog).toHaveAttribute('aria-modal', 'false');
    await waitFor(() => expect(dialog).toHaveFocus());
    expect(dialog).toHaveTextContent('Step 1 of 4');
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(dialog).toHaveTextContent('Step 2 of 4');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(dialog).toHaveTextContent('Step 1 of 4');
    expect(dialog).toHaveFocus(); // the Previous button vanished; focus stays in the tooltip
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The games, shown with a picture of their screen in the interface's language.
    expect(dialog).toHaveTextContent('Step 3 of 4');
    const picture = screen.getByRole('img', { name: /^The games screen: Listen and pick/ });
    expect(picture.getAttribute('src')).toMatch(/games-en.*\.webp$/);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(dialog).toHaveTextContent('Step 4 of 4');
    expect(screen.queryByRole('button', { name: 'Skip tour' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('productTourCompleted')).toBe('true');
  });

  it('shows again when asked through showProductTour, clears the request, and Escape closes it', async () => {
    localStorage.setItem('onboardingCompleted', 'true');
    localStorage.setItem('productTourCompleted', 'true');
    localStorage.setItem('showProductTour', 'true');
    const user = userEvent.setup();
    render(<HomeTour />);
    expect(screen.getByRole('dialog', { name: 'Product tour' })).toBeInTheDocument();
    expect(localStorage.getItem('showProductTour')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('productTourCompleted')).toBe('true');
  });

  it('points at its target once it appears (looked up every 100 ms)', async () => {
    localStorage.setItem('onboardingCompleted', 'true');
    const user = userEvent.setup();
    render(<HomeTour />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.querySelector('[data-tour-ring]')).toBeNull();
    const button = document.createElement('button');
    button.dataset.tour = 'create-deck';
    button.getBoundingClientRect = () => ({
      top: 100,
      left: 20,
      width: 120,
      height: 44,
      bottom: 144,
      right: 140,
      x: 20,
      y: 100,
      toJSON: () => ({}),
    });
    act(() => document.body.appendChild(button));
    await waitFor(() => expect(document.querySelector('[data-tour-ring]')).not.toBeNull());
    button.remove();
  });
});

describe('StudyTour', () => {
  it('has five steps and skipping records completion', async () => {
    const user = userEvent.setup();
    let open = true;
    const { rerender } = render(<StudyTour open={open} onClose={() => (open = false)} />);
    expect(screen.getByRole('dialog', { name: 'Study tour' })).toHaveTextContent('Step 1 of 5');
    await user.click(screen.getByRole('button', { name: 'Skip tour' }));
    rerender(<StudyTour open={open} onClose={() => (open = false)} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('studyTourCompleted')).toBe('true');
  });
});
