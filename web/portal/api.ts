// The portal's calls: the public GraphQL API and the partner REST API, both with the end user's
// portal access token. Errors become sentences for people (plainError).

import type { TypedDocumentString } from './generated/graphql';
import type { components } from '../../sdk/ts/src/schema';

// RestSchemas are the REST API's schemas (spec/openapi.yaml, generated into sdk/ts): rest() answers one of them.
export type RestSchemas = components['schemas'];

const API = document.querySelector<HTMLMetaElement>('meta[name="taxd-api"]')?.content || '/api';
const GRAPHQL = document.querySelector<HTMLMetaElement>('meta[name="taxd-graphql"]')?.content || '/graphql';

export interface Session { code: string; token: string; email?: string; partnerId?: string; clientId: string }

// Expired: the token no longer works (the portal shows the sign-in-again page).
export class Expired extends Error {}

// ApiError carries a message already fit for people.
export class ApiError extends Error {
  constructor(public status: number, message: string, public code = '') { super(message); }
}

let onExpired: () => void = () => {};
export function whenExpired(fn: () => void) { onExpired = fn; }

function expired(): never {
  onExpired();
  throw new Expired('session expired');
}

// rest calls /api/users/{code}{path} and returns the response's data.
export async function rest<T>(s: Session, method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${API}/users/${encodeURIComponent(s.code)}${path}`, {
      method,
      headers: { Authorization: `Bearer ${s.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw offline();
  }
  if (res.status === 401) expired();
  if (!res.ok) throw new ApiError(res.status, await restMessage(res));
  return (await res.json()).data as T;
}

async function restMessage(res: Response): Promise<string> {
  try {
    const b = await res.json();
    if (b && typeof b.message === 'string') return humanize(b.message);
  } catch { /* not JSON */ }
  return statusText(res.status);
}

function statusText(status: number): string {
  if (status === 404) return 'We could not find this. It may have been removed.';
  if (status === 429) return 'Too many requests in a short time. Wait a minute, then try again.';
  if (status === 503) return 'The service is busy or under maintenance. Try again in a minute.';
  return 'Something went wrong on our side. Try again in a moment.';
}

function offline() { return new ApiError(0, 'The portal could not reach the server. Check your internet connection and try again.', 'OFFLINE'); }

interface GraphQLError { message: string; extensions?: { code?: string; field?: string } }

// gql runs one GraphQL operation (a document of gql.ts, typed by generated/) and returns its data;
// any error throws an ApiError in plain words.
export async function gql<T, V>(s: Session, doc: TypedDocumentString<T, V>, variables?: V): Promise<T> {
  const query = doc.toString();
  let res: Response;
  try {
    res = await fetch(GRAPHQL, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, variables: variables ?? {} }),
    });
  } catch {
    throw offline();
  }
  if (res.status === 401) expired();
  let body: { data?: T; errors?: GraphQLError[] };
  try {
    body = await res.json();
  } catch {
    throw new ApiError(res.status, statusText(res.status));
  }
  const err = body.errors?.[0];
  if (err) {
    const code = err.extensions?.code || '';
    if (code === 'UNAUTHENTICATED') expired();
    throw new ApiError(res.status, plainGraphQL(code, err.message), code);
  }
  return body.data as T;
}

// plainGraphQL turns a GraphQL error into a sentence for the portal's user.
function plainGraphQL(code: string, message: string): string {
  switch (code) {
    case 'BAD_USER_INPUT':
      return humanize(message);
    case 'NOT_FOUND':
      return 'We could not find this. It may have been merged, deleted or changed meanwhile; reload the page.';
    case 'CONFLICT':
      return `This could not be done: ${lower(humanize(message))}`;
    case 'TAXES_LOCKED':
      return 'This falls in a tax period that is locked because it was filed. Ask your provider to unlock it first.';
    case 'FORBIDDEN':
      return 'Your sign-in does not allow this.';
    case 'RATE_LIMITED':
      return 'Too many requests in a short time. Wait a minute, then try again.';
    case 'TIMEOUT':
      return 'This took too long to answer. Try again, or narrow the filters.';
    default:
      return 'Something went wrong on our side. Try again in a moment.';
  }
}

function lower(s: string) { return s.charAt(0).toLowerCase() + s.slice(1); }

// humanize turns "wallets.0.address: not a valid ethereum address" into a sentence: no field paths,
// no pattern syntax.
export function humanize(m: string): string {
  let t = m.replace(/^[\w.[\]]+: /, '');
  if (/regular expression|doesn't match|format "/.test(t)) return 'That value is not in the expected format.';
  t = t.replace(/\s+/g, ' ').trim();
  if (!t) return 'That value is not valid.';
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? '' : '.');
}

// errorText is what to tell the user about any failure.
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return 'Something went wrong in the portal. Reload the page and try again.';
}

// signedDownload saves the file of an e-mailed (signed) report link; no credentials.
export async function signedDownload(code: string, report: string, expires: number, signature: string): Promise<'ok' | 'expired' | 'gone'> {
  let res: Response;
  try {
    res = await fetch(`${API}/users/${encodeURIComponent(code)}/reports/${encodeURIComponent(report)}/download`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ expires, signature }),
    });
  } catch {
    throw offline();
  }
  if (res.status === 401) return 'expired';
  if (res.status === 404) return 'gone';
  if (!res.ok) throw new ApiError(res.status, statusText(res.status));
  saveBlob(await res.blob(), filenameOf(res, 'report'));
  return 'ok';
}

function filenameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('Content-Disposition') || '';
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
  return m ? decodeURIComponent(m[1]) : fallback;
}

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// linkSession signs a hosted-link visitor in as the link's user.
export async function linkSession(link: string): Promise<{ referenceId: string; accessToken: string; partnerId: string }> {
  let res: Response;
  try {
    res = await fetch('/portal/link-session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ link }) });
  } catch {
    throw offline();
  }
  if (res.status === 404) throw new ApiError(404, 'This link is not valid any more. Ask your provider for a new one.');
  if (!res.ok) throw new ApiError(res.status, await restMessage(res));
  return res.json();
}
