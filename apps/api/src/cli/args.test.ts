import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from './args';

const USER = {
  email: { type: 'string' },
  verified: { type: 'boolean' },
} as const;

describe('the arguments of an admin command', () => {
  it('reads options with a value (spaced or with =), flags and positionals', () => {
    expect(parseCommandArgs(['--email', 'a@b.it', '--verified', 'x'], USER)).toEqual({
      values: { email: 'a@b.it', verified: true },
      positionals: ['x'],
    });
    expect(parseCommandArgs(['--email=a@b.it'], USER)).toEqual({
      values: { email: 'a@b.it' },
      positionals: [],
    });
  });

  it('says in one line what is wrong', () => {
    expect(parseCommandArgs(['--mail', 'a@b.it'], USER)).toEqual({ problem: 'unknown option --mail' });
    expect(parseCommandArgs(['-v'], USER)).toEqual({ problem: 'unknown option -v' });
    expect(parseCommandArgs(['--email'], USER)).toEqual({ problem: '--email needs a value' });
    expect(parseCommandArgs(['--verified=yes'], USER)).toEqual({ problem: '--verified takes no value' });
  });
});
