import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../test/texts';
import { WALLET_SHARED_TEXTS } from './i18n';

describe('shared money texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(WALLET_SHARED_TEXTS));
});
