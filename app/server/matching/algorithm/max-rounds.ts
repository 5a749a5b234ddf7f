/**
 * The most rounds an event can hold without a repeat meeting, every round with its full number of
 * meetings m = min(T, ⌊n/2⌋) (decision 023):
 *
 *   ⌊ n(n−1)/2 / m ⌋
 *
 * which is n − 1 for even n and n for odd n when the tables suffice (a round-robin by the circle
 * method), and ⌊n(n−1)/2 / T⌋ with T < ⌊n/2⌋ tables. The bound is reached: K_n is χ' ≤ k
 * edge-colourable for k ≥ n − 1 (even n) or n (odd n), and by de Werra's theorem on equitable edge
 * colourings any k-edge-colourable graph has a k-colouring with classes differing by at most one;
 * colouring kT of its pairs with k = ⌊n(n−1)/2 / T⌋ ≥ χ'(K_n) colours gives k rounds of exactly T.
 * (With fewer meetings per round more rounds are possible, down to one pair a round.)
 */
export function maxRoundsWithoutRepeat(companies: number, tables: number): number {
  const n = Math.floor(companies);
  const t = Math.floor(tables);
  if (n < 2 || t < 1) return 0;
  const perRound = Math.min(t, Math.floor(n / 2));
  return Math.floor((n * (n - 1)) / 2 / perRound);
}
