import { describe, expect, it } from 'vitest';
import { describeFailure } from './remote-errors';

describe('what the error panel says about a module that failed', () => {
  it('names the library and both versions when the module needs a shared library the app does not provide; Retry cannot help', () => {
    const message =
      "application 'mfe_vendors' died in status LOADING_SOURCE_CODE: [ Federation Runtime ]: Version 19.3.1 from 19.3.1 of shared singleton module react does not satisfy the requirement of mfe_vendors which needs ^99.0.0)";
    expect(describeFailure({ message }, 'Vendors')).toEqual({
      text: 'The Vendors module was built for react ^99.0.0, but this app provides react 19.3.1. It needs a release of the module built for this version of the app.',
      retryable: false,
    });
  });

  it('says what the shell refused to run and why', () => {
    expect(
      describeFailure(
        { message: 'x', refusal: 'This installation asks for version 1.0.0 of this module…' },
        'Vendors',
      ),
    ).toEqual({
      text: 'This installation asks for version 1.0.0 of this module…',
      retryable: false,
    });
  });

  it('otherwise suggests the connection, with Retry', () => {
    expect(describeFailure({ message: 'Failed to fetch' }, 'Vendors')).toEqual({
      text: 'The Vendors module is not available right now. Check your connection and try again.',
      retryable: true,
    });
  });
});
