import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../test/texts';
import { WALLET_TEXTS } from './i18n';

describe('wallet texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(WALLET_TEXTS));
});
