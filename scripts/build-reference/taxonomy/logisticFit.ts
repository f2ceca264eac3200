/**
 * Ridge logistic regression by Newton's method, shared by the reference build's calibrations (staff titles alone,
 * staff rows in context). Each coefficient is pulled towards its own centre with its own weight: the calibrations
 * start from "the confidence is right" and let a few hundred labelled titles or rows move them only so far.
 */
export interface LogisticPrior {
  /** Where each coefficient starts and is pulled towards. */
  centre: readonly number[];
  /** How hard each is pulled (0: not at all). */
  weight: readonly number[];
}

const ITERATIONS = 50;
const CONVERGED = 1e-9;

/** P(right | x) = σ(w·x) for fitted coefficients w. */
export function logisticProbability(w: readonly number[], x: readonly number[]): number {
  return 1 / (1 + Math.exp(-x.reduce((sum, v, j) => sum + v * w[j], 0)));
}

/** The coefficients w maximising Σ log P(right | x) − Σ weightⱼ/2 · (wⱼ − centreⱼ)², P(right | x) = σ(w·x). */
export function logisticFit(samples: readonly { x: readonly number[]; right: boolean }[], prior: LogisticPrior): number[] {
  const k = prior.centre.length;
  const w = [...prior.centre];
  for (let it = 0; it < ITERATIONS; it++) {
    const gradient = w.map((v, j) => -prior.weight[j] * (v - prior.centre[j]));
    const hessian = w.map((_, i) => w.map((__, j) => (i === j ? prior.weight[i] : 0)));
    for (const s of samples) {
      const p = logisticProbability(w, s.x);
      for (let i = 0; i < k; i++) {
        gradient[i] += ((s.right ? 1 : 0) - p) * s.x[i];
        for (let j = 0; j < k; j++) hessian[i][j] += p * (1 - p) * s.x[i] * s.x[j];
      }
    }
    const step = solve(hessian, gradient);
    for (let j = 0; j < k; j++) w[j] += step[j];
    if (step.every((d) => Math.abs(d) < CONVERGED)) break;
  }
  return w;
}

/** Solves a small symmetric positive-definite system by Gaussian elimination with partial pivoting (zeros when singular). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) pivot = r;
    [m[c], m[pivot]] = [m[pivot], m[c]];
    if (Math.abs(m[c][c]) < 1e-12) return Array(n).fill(0);
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let j = c; j <= n; j++) m[r][j] -= f * m[c][j];
    }
  }
  const x = Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let rest = m[r][n];
    for (let j = r + 1; j < n; j++) rest -= m[r][j] * x[j];
    x[r] = rest / m[r][r];
  }
  return x;
}
