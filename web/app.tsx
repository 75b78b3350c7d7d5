/**
 * @module web/app
 * The inspector's components: token field, user finder, and four views of one user — memories
 * (with forget), the supersession timeline per key, turns by session (with delete), and the
 * recall playground. Every call goes through the SDK (client/); view logic lives in web/model.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { MemoryApiError, MemoryClient, type Memory, type RecallResponse, type SearchResult, type Turn } from '../client/index.ts';
import { attributeLines, chainsOf, day, sessionsOf, validity } from './model.ts';
import { loadToken, saveToken } from './token.ts';

type Tab = 'memories' | 'timeline' | 'turns' | 'recall';
const TABS: Array<[Tab, string]> = [
  ['memories', 'Memories'],
  ['timeline', 'Timeline'],
  ['turns', 'Turns'],
  ['recall', 'Recall playground'],
];

function describe(err: unknown): string {
  if (err instanceof MemoryApiError) return `${err.code}: ${err.message}${err.status === 401 ? ' — enter the server token above' : ''}`;
  return err instanceof Error ? err.message : String(err);
}

export function App({ baseUrl }: { baseUrl: string }) {
  const [token, setToken] = useState(loadToken());
  const client = useMemo(() => new MemoryClient({ baseUrl, token: token || null, retries: 0 }), [baseUrl, token]);
  const [users, setUsers] = useState<string[]>([]);
  const [query, setQuery] = useState('');
  const [user, setUser] = useState<string | null>(null);
  const [memories, setMemories] = useState<Memory[]>([]);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [tab, setTab] = useState<Tab>('memories');
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(describe(err));
    }
  };
  const refreshUsers = () => run(async () => setUsers(await client.listUsers()));
  const open = (id: string) =>
    run(async () => {
      const [m, t] = await Promise.all([client.listMemories(id), client.listTurns(id, { limit: 1000 })]);
      setUser(id);
      setMemories(m);
      setTurns(t);
    });

  useEffect(() => {
    void refreshUsers();
  }, [client]);

  const matching = users.filter((u) => u.toLowerCase().includes(query.trim().toLowerCase()));

  return (
    <div class="page">
      <header>
        <h1>memory-service inspector</h1>
        <label class="token">
          Token
          <input
            type="password"
            name="token"
            placeholder="MEMORY_AUTH_TOKEN (if set)"
            value={token}
            onChange={(e) => {
              const v = (e.target as HTMLInputElement).value.trim();
              saveToken(v);
              setToken(v);
            }}
          />
        </label>
      </header>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="layout">
        <nav class="users">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const exact = query.trim();
              if (exact) void open(matching.length === 1 ? matching[0] : exact);
            }}
          >
            <input name="user" placeholder="Find a user…" value={query} onInput={(e) => setQuery((e.target as HTMLInputElement).value)} />
            <button type="submit">Open</button>
          </form>
          <button class="link" onClick={() => void refreshUsers()}>
            ↻ {users.length} users
          </button>
          <ul>
            {matching.map((u) => (
              <li key={u}>
                <button class={u === user ? 'link selected' : 'link'} onClick={() => void open(u)}>
                  {u}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <main>
          {user === null ? (
            <p class="muted">Pick a user to see what the service remembers about them, and why.</p>
          ) : (
            <>
              <div class="user-head">
                <h2>{user}</h2>
                <span class="muted">
                  {memories.filter((m) => m.active).length} active memories · {memories.length} rows · {turns.length} turns
                </span>
                <Confirm
                  label="Delete user"
                  prompt={`Delete everything about ${user}?`}
                  onConfirm={() =>
                    run(async () => {
                      await client.deleteUser(user);
                      setUser(null);
                      setMemories([]);
                      setTurns([]);
                      setUsers(await client.listUsers());
                    })
                  }
                />
              </div>
              <div class="tabs" role="tablist">
                {TABS.map(([id, label]) => (
                  <button key={id} role="tab" aria-selected={tab === id} class={tab === id ? 'tab active' : 'tab'} onClick={() => setTab(id)}>
                    {label}
                  </button>
                ))}
              </div>
              {tab === 'memories' && <MemoriesView memories={memories} turns={turns} onForget={(m) => run(async () => {
                await client.forgetMemory(user, m.id);
                setMemories(await client.listMemories(user));
              })} />}
              {tab === 'timeline' && <TimelineView memories={memories} />}
              {tab === 'turns' && <TurnsView turns={turns} onDeleteSession={(s) => run(async () => {
                await client.deleteSession(s);
                await open(user);
              })} />}
              {tab === 'recall' && <RecallView client={client} user={user} onError={setError} />}
            </>
          )}
        </main>
      </div>
    </div>
  );
}

/** A button that asks before acting: the first click arms it, the second acts, Cancel disarms. */
function Confirm({ label, prompt, onConfirm }: { label: string; prompt: string; onConfirm: () => void | Promise<void> }) {
  const [armed, setArmed] = useState(false);
  if (!armed)
    return (
      <button class="danger" onClick={() => setArmed(true)}>
        {label}
      </button>
    );
  return (
    <span class="confirm">
      {prompt}{' '}
      <button
        class="danger"
        onClick={() => {
          setArmed(false);
          void onConfirm();
        }}
      >
        Yes, {label.toLowerCase()}
      </button>{' '}
      <button onClick={() => setArmed(false)}>Cancel</button>
    </span>
  );
}

function Status({ m }: { m: Memory }) {
  return <span class={`status status-${m.status}`}>{m.status}</span>;
}

function MemoriesView({ memories, turns, onForget }: { memories: Memory[]; turns: Turn[]; onForget: (m: Memory) => void | Promise<void> }) {
  const turnById = new Map(turns.map((t) => [t.id, t]));
  if (memories.length === 0) return <p class="muted">No memories.</p>;
  return (
    <table class="memories">
      <thead>
        <tr>
          <th>type</th>
          <th>key</th>
          <th>value</th>
          <th>confidence</th>
          <th>status</th>
          <th>validity</th>
          <th>evidence</th>
          <th>source turn</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {memories.map((m) => {
          const t = m.source_turn ? turnById.get(m.source_turn) : undefined;
          return (
            <tr key={m.id} class={m.active ? '' : 'inactive'} data-memory-id={m.id}>
              <td>{m.type}</td>
              <td>
                {m.subject !== 'user' && <span class="muted">{m.subject} · </span>}
                {m.key}
              </td>
              <td class="value">{m.value}</td>
              <td>{m.confidence.toFixed(2)}</td>
              <td>
                <Status m={m} />
              </td>
              <td>{validity(m)}</td>
              <td>
                <q>{m.evidence}</q>
              </td>
              <td class="muted" title={m.source_turn ?? ''}>
                {t ? `${t.session_id} #${t.seq} · ${day(t.timestamp)}` : (m.source_session ?? '—')}
              </td>
              <td>{m.status !== 'deleted' && <Confirm label="Forget" prompt="Forget this memory?" onConfirm={() => onForget(m)} />}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function TimelineView({ memories }: { memories: Memory[] }) {
  const chains = chainsOf(memories);
  if (chains.length === 0) return <p class="muted">No memories.</p>;
  return (
    <div class="timeline">
      {chains.map((c) => (
        <section key={`${c.subject}/${c.key}`} class="chain" data-key={c.key}>
          <h3>
            {c.subject === 'user' ? '' : `${c.subject} · `}
            {c.key}
            <span class="muted"> {c.entries.length > 1 ? `${c.entries.length} values` : ''}</span>
          </h3>
          <ol>
            {c.entries.map((m, i) => (
              <li key={m.id} class={m.active ? 'step current' : 'step'}>
                {i > 0 && <span class="arrow">→</span>}
                <span class="step-value">{m.value}</span> <Status m={m} />
                <div class="muted small">{validity(m) || day(m.created_at)}</div>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function TurnsView({ turns, onDeleteSession }: { turns: Turn[]; onDeleteSession: (sessionId: string) => void | Promise<void> }) {
  const sessions = sessionsOf(turns);
  if (sessions.length === 0) return <p class="muted">No turns.</p>;
  return (
    <div class="sessions">
      {sessions.map((s) => (
        <section key={s.sessionId} class="session">
          <h3>
            Session {s.sessionId}{' '}
            <span class="muted">
              {s.turns.length} turns · {day(s.first)}
              {s.last !== s.first ? ` – ${day(s.last)}` : ''}
            </span>{' '}
            <Confirm label="Delete session" prompt={`Delete session ${s.sessionId}?`} onConfirm={() => onDeleteSession(s.sessionId)} />
          </h3>
          {s.turns.map((t) => (
            <div key={t.id} class="turn" id={`turn-${t.id}`}>
              <div class="muted small">
                #{t.seq} · {t.timestamp}
              </div>
              {t.messages.map((msg, i) => (
                <p key={i} class={`msg msg-${msg.role}`}>
                  <b>{msg.name ?? msg.role}:</b> {msg.content}
                </p>
              ))}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

function RecallView({ client, user, onError }: { client: MemoryClient; user: string; onError: (e: string | null) => void }) {
  const [query, setQuery] = useState('');
  const [budget, setBudget] = useState(512);
  const [result, setResult] = useState<{ recall: RecallResponse; hits: SearchResult[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    onError(null);
    setBusy(true);
    try {
      const [recall, search] = await Promise.all([
        client.recall({ query, session_id: 'inspector-playground', user_id: user, max_tokens: budget }),
        client.search({ query, user_id: user, limit: 50 }),
      ]);
      setResult({ recall, hits: search.results });
    } catch (err) {
      onError(describe(err));
    } finally {
      setBusy(false);
    }
  };
  const lines = result ? attributeLines(result.recall.context, result.recall.citations, result.hits) : [];
  return (
    <div class="recall">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <input name="query" class="grow" placeholder="Ask what an agent would ask, e.g. Where does the user work?" value={query} onInput={(e) => setQuery((e.target as HTMLInputElement).value)} />
        <label>
          budget <input name="budget" type="number" min={1} max={32768} value={budget} onInput={(e) => setBudget(Number((e.target as HTMLInputElement).value))} /> tokens
        </label>
        <button type="submit" disabled={busy}>
          Recall
        </button>
      </form>
      {result && (
        <>
          <p class="muted small">
            Signals per line come from <code>/search</code> over the same query (each hit's rankers); <code>/recall</code> itself returns the context and its citations only.
          </p>
          {lines.length === 0 ? (
            <p class="muted empty-context">Empty context: nothing known or relevant.</p>
          ) : (
            <table class="context">
              <thead>
                <tr>
                  <th>context line</th>
                  <th>signals</th>
                  <th>citations</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l, i) =>
                  l.kind === 'heading' ? (
                    <tr key={i} class="heading">
                      <td colSpan={3}>{l.text}</td>
                    </tr>
                  ) : (
                    <tr key={i} class="line">
                      <td class="ctx">{l.text}</td>
                      <td>{l.signals.length ? l.signals.map((s) => <Chip key={s}>{s}</Chip>) : <span class="muted">—</span>}</td>
                      <td class="small">
                        {l.citations.map((c) => (
                          <div key={`${c.turn_id}${c.snippet}`} title={c.turn_id}>
                            {c.score.toFixed(3)} · <q>{c.snippet}</q>
                          </div>
                        ))}
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          )}
          <details>
            <summary>Raw context and all {result.recall.citations.length} citations</summary>
            <pre>{result.recall.context}</pre>
            <pre>{JSON.stringify(result.recall.citations, null, 2)}</pre>
          </details>
        </>
      )}
    </div>
  );
}

function Chip({ children }: { children: ComponentChildren }) {
  return <span class="chip">{children}</span>;
}
