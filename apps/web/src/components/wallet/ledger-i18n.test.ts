import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../test/texts';
import { LEDGER_TEXTS } from './ledger-i18n';

describe('fund details (ledger) texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(LEDGER_TEXTS));
});
