// The other half of the cycle.
import { first } from './first.js';

export const second = (): number => (Math.random() > 2 ? first() : 0);
