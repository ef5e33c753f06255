/** What a form action answered, as its unit tests read it: the outcome's data and status, or the redirect. */
export interface ActionAnswer {
  code?: number;
  status?: string;
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
  redirect?: string | null;
}

/**
 * Posts `fields` as a form to an action's server part and reads its answer. Actions return
 * `data(outcome, status)` for what the shopper must mend and throw a redirect when done.
 */
export async function submitAction(
  url: URL,
  fields: Record<string, string>,
  act: (request: Request) => Promise<unknown>,
): Promise<ActionAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request(url, { method: 'POST', body: form });
  try {
    const answer = (await act(request)) as { data: Omit<ActionAnswer, 'code'>; init: { status: number } };
    return { code: answer.init.status, ...answer.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get('Location') };
    throw thrown;
  }
}
