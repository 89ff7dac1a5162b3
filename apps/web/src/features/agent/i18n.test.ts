import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../test/texts';
import { AGENT_TEXTS } from './i18n';

describe('agent area texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(AGENT_TEXTS));
});
