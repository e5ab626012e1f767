import type { MapData, Reason, ReasonId } from '../../../domain/belief-map';
import type { BeliefFields } from '../../../domain/draft';
import { beliefValues, supportValues } from '../../../domain/ratings';
import { err, ok, type Result } from '../../../domain/result';
import type { BeliefField, BeliefFormValues, ReasonField, ReasonFormValues } from './values';
import { createSchemas } from '../../../domain/belief-map';
import type { MapLimits } from '../../../domain/limits';
import { currentLimits } from './limits';

// PRODUCT §6.3: what the belief and reason forms accept. The forms hold plain strings; these
// functions turn them into stored values through the shared schema, built with the server's limits
// (limits.ts), so the limits and messages are the server's too, or into one message per field,
// to show beside it.

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

// Loaded with the forms, so the schema (and zod with it) is no part of the page's first load
// (PRODUCT §13.5); made again when the server's limits arrive.
let schemas: { limits: MapLimits; schemas: ReturnType<typeof createSchemas> } | null = null;

/** The schemas of the limits the forms check now (PRODUCT §6.3). */
function currentSchemas(): ReturnType<typeof createSchemas> {
  const limits = currentLimits();
  if (schemas?.limits !== limits) schemas = { limits, schemas: createSchemas(limits) };
  return schemas.schemas;
}

export {
  beliefFormValues,
  reasonFormValues,
  type BeliefField,
  type BeliefFormValues,
  type ReasonField,
  type ReasonFormValues,
} from './values';

/** PRODUCT §6.3 belief form: title required; description optional, empty or blank becomes null. */
export function parseBeliefForm(
  values: BeliefFormValues,
  data: MapData,
): Result<BeliefFields, FieldErrors<BeliefField>> {
  const result = currentSchemas().mapData.safeParse({
    ...data,
    title: values.title,
    description: values.description,
  });
  if (result.success) return ok({ title: result.data.title, description: result.data.description });
  return err(fieldErrors(result.error, ['title', 'description']));
}

/** PRODUCT §6.3 reason form: title required; relevance, belief and support optional (empty is null). */
export function parseReasonForm(
  values: ReasonFormValues,
  id: ReasonId,
): Result<Reason, FieldErrors<ReasonField>> {
  const result = currentSchemas().reason.safeParse({
    id,
    title: values.title,
    relevance: values.relevance,
    belief: toRating(values.belief, beliefValues),
    support: toRating(values.support, supportValues),
  });
  if (result.success) return ok(result.data);
  return err(fieldErrors(result.error, ['title', 'relevance', 'belief', 'support']));
}

function toRating<V extends string>(value: string, allowed: readonly V[]): V | null {
  return (allowed as readonly string[]).includes(value) ? (value as V) : null;
}

/** The first message for each field, keyed by the first segment of the issue's path. */
interface IssueList {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}

function fieldErrors<F extends string>(error: IssueList, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (fields.includes(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  if (Object.keys(errors).length === 0 && fields[0] !== undefined)
    errors[fields[0]] = error.issues[0]?.message ?? 'Invalid';
  return errors;
}
