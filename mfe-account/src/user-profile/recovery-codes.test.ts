import { recoveryCodesText } from './two-step-verification';

it('writes recovery codes one a line under a title', () => {
  expect(recoveryCodesText(['aaaa-bbbb', 'cccc-dddd'])).toBe('Private Sock5 recovery codes (each logs you in once):\naaaa-bbbb\ncccc-dddd\n');
});
