import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../test/texts';
import { ACCOUNTS_TEXTS } from './i18n';

describe('accounts texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(ACCOUNTS_TEXTS));
});
