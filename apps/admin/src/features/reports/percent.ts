/** A share (0–1) as a percentage to the tenth: 0.4567 → "45.7%". */
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
