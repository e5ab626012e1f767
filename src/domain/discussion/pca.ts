import { seededRandom } from './seeded-random';

// Principal components for the opinion groups' plot (rule N8): a few dozen lines instead of a
// dependency, deterministic (seeded start, fixed sign), and small enough for the lazily loaded
// chunk of the discussion page (rule N12 says why it is written here).

/** Power iteration stops when a step moves the unit vector less than this, or after `maxSteps`. */
const tolerance = 1e-10;
const maxSteps = 500;
const seed = 0x5eed;

export interface PrincipalComponents {
  /** Each row's coordinates on the components, in the rows' order: n × count. */
  scores: number[][];
  /** Each component's unit direction over the columns (its loadings): count × d. */
  loadings: number[][];
  /** The variance along each component (its eigenvalue of the covariance), largest first. */
  variances: number[];
}

/**
 * The first `count` principal components of `rows` (n rows of d columns), by power iteration on
 * the covariance matrix with deflation (rule N8): the columns are centred, each component is the
 * dominant direction of what the earlier ones leave, and its largest loading is positive (the
 * first such column on a tie), so the same rows always give the same signs. A component with no
 * variance left is all zeros. Pure: `rows` is not changed. Costs O(steps · n · d) per component;
 * the d × d covariance is never formed.
 */
export function principalComponents(rows: readonly (readonly number[])[], count = 2): PrincipalComponents {
  const n = rows.length;
  const d = rows[0]?.length ?? 0;
  const centred = centre(rows, d);
  const random = seededRandom(seed);
  const loadings: Float64Array[] = [];
  // Typed vectors, reused from step to step: the steps are the model's tightest loop.
  const next = new Float64Array(d);

  for (let component = 0; component < count; component++) {
    const v = Float64Array.from({ length: d }, () => random() - 0.5);
    scale(v, 1 / Math.sqrt(dot(v, v)));
    for (let step = 0; step < maxSteps && d > 0; step++) {
      covarianceTimes(centred, v, next);
      removeDirections(next, loadings);
      const size = Math.sqrt(dot(next, next));
      if (size < 1e-12) {
        v.fill(0);
        break;
      }
      let moved = 0;
      for (let j = 0; j < d; j++) {
        const x = next[j]! / size;
        moved += (x - v[j]!) ** 2;
        v[j] = x;
      }
      if (Math.sqrt(moved) < tolerance) break;
    }
    loadings.push(orient(v));
  }

  const scores = centred.map((row) => loadings.map((loading) => dot(row, loading)));
  // The variance of the scores themselves (vᵀ C v), so the figures agree with the points exactly.
  const variances = loadings.map(
    (_, c) => scores.reduce((sum, row) => sum + row[c]! ** 2, 0) / Math.max(1, n - 1),
  );
  return { scores, loadings: loadings.map((loading) => [...loading]), variances };
}

function centre(rows: readonly (readonly number[])[], d: number): Float64Array[] {
  const means = new Float64Array(d);
  for (const row of rows) for (let j = 0; j < d; j++) means[j]! += row[j]!;
  for (let j = 0; j < d; j++) means[j]! /= Math.max(1, rows.length);
  return rows.map((row) => Float64Array.from(row, (x, j) => x - means[j]!));
}

/** C·v with C = Xᵀ X / (n − 1), as Xᵀ (X v), into `result`: the cost is 2·n·d rather than d². */
function covarianceTimes(centred: readonly Float64Array[], v: Float64Array, result: Float64Array): void {
  result.fill(0);
  for (const row of centred) {
    const projection = dot(row, v);
    if (projection !== 0) for (let j = 0; j < v.length; j++) result[j]! += row[j]! * projection;
  }
  scale(result, 1 / Math.max(1, centred.length - 1));
}

/**
 * Deflation: removes the earlier components' directions from `w`, so the iteration converges to
 * the dominant direction of what they leave. Exact eigenvectors make this the same as iterating
 * on C − Σ λ v vᵀ; removing them at every step also stops rounding from pulling the vector back.
 */
function removeDirections(w: Float64Array, earlier: readonly Float64Array[]): void {
  for (const direction of earlier) {
    const along = dot(w, direction);
    for (let j = 0; j < w.length; j++) w[j]! -= along * direction[j]!;
  }
}

/** The sign convention: the loading largest in size is positive, the first one on a tie. */
function orient(v: Float64Array): Float64Array {
  let largest = 0;
  for (let j = 1; j < v.length; j++) if (Math.abs(v[j]!) > Math.abs(v[largest]!)) largest = j;
  if ((v[largest] ?? 0) < 0) scale(v, -1);
  return v;
}

function scale(v: Float64Array, factor: number): void {
  for (let j = 0; j < v.length; j++) v[j]! *= factor;
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let j = 0; j < a.length; j++) sum += a[j]! * b[j]!;
  return sum;
}
