import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../../test/texts';
import { CASHOUT_RECORD_TEXTS } from '../cashout-i18n';
import { CASHOUT_TEXTS } from './cashout-i18n';

describe('cash-out texts', () => {
  it('every key of the button and the sheet has a Chinese and an English text', () =>
    expectBothLanguages(CASHOUT_TEXTS));
  it('every key of the records has a Chinese and an English text', () => expectBothLanguages(CASHOUT_RECORD_TEXTS));
});
