import { describe, expect, it, vi } from 'vitest';
import { serverErrorToasts } from './server-error-toast';

describe('serverErrorToasts', () => {
  it('raises one toast per failure: the same message again while its toast is on screen raises none', () => {
    const show = vi.fn();
    const toastServerError = serverErrorToasts(show);
    const down = 'The purchase orders service is not available right now. Please try again in a moment.';
    expect(toastServerError(down, 1_000)).toBe(true);
    expect(toastServerError(down, 1_200)).toBe(false);
    expect(
      toastServerError('The items service took too long to answer. Please try again in a moment.', 1_300),
    ).toBe(true);
    expect(toastServerError(down, 6_000)).toBe(true);
    expect(show).toHaveBeenCalledTimes(3);
    expect(show).toHaveBeenLastCalledWith({ title: down, variant: 'destructive' });
  });
});
