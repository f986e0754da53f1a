import { flagEmoji } from './flag';

describe('flagEmoji', () => {
  it('turns an ISO code into its flag and refuses anything else', () => {
    expect(flagEmoji('us')).toBe('🇺🇸');
    expect(flagEmoji('DE')).toBe('🇩🇪');
    expect(flagEmoji('usa')).toBe('');
  });
});
