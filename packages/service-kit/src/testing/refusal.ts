import { HttpError } from '../errors.js';

/** The status and message a rule refuses with (an HttpError it throws), or null when it lets the value through. */
export function httpRefusal(fn: () => unknown): { status: number; message: string } | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { status: err.statusCode, message: err.message };
  }
}
