export interface ReadinessDeps {
  pingDatabase: () => Promise<void>;
  isAccepting: () => boolean;
}

export interface Readiness {
  status: 'ready' | 'unavailable';
  checks: { database: 'up' | 'down'; accepting: boolean };
}

export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const accepting = deps.isAccepting();
  const database = await deps.pingDatabase().then(
    () => 'up' as const,
    () => 'down' as const,
  );
  return { status: accepting && database === 'up' ? 'ready' : 'unavailable', checks: { database, accepting } };
}
