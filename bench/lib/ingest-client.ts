/**
 * @module bench/lib/ingest-client
 * The load generator of bench/ingest.ts, in its own process (as an outside client would be):
 * posts `n` turns of a TurnPlan with `concurrency` requests in flight over keep-alive
 * connections (node:http: about a third of fetch's client CPU per request, which on a 2-core box
 * competes with the server), samples the server's CPU (/proc/<pid>) every `segment` completions,
 * and prints one JSON line: latencies' p50/p99, turns/s, server CPU ms/turn and its segments,
 * peak server RSS, its own CPU ms/turn, and the server's CPU split by thread role (main thread, pool
 * worker, other threads: see splitThreads).
 * Usage: node --import tsx bench/lib/ingest-client.ts '<json: {url, pid, n, concurrency, segment, plan}>'
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { planTurn, procCpuMs, procMainThreadCpuMs, procRssMb, procThreadsCpu, splitThreads, type TurnPlan } from './ingest-load.ts';

interface Job {
  url: string;
  pid: number;
  n: number;
  concurrency: number;
  segment: number;
  plan: TurnPlan;
}

const job = JSON.parse(process.argv[2]) as Job;
const target = new URL(job.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });

function post(body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: '/turns', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN);

const lat: number[] = [];
const segments: number[] = [];
let next = 0;
let done = 0;
let errors = 0;
let peakRss = procRssMb(job.pid);
const client0 = process.cpuUsage();
const cpu0 = procCpuMs(job.pid);
const main0 = procMainThreadCpuMs(job.pid);
const threads0 = procThreadsCpu(job.pid);
let segCpu = cpu0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: job.concurrency }, async () => {
    while (next < job.n) {
      const body = JSON.stringify(planTurn(job.plan, next++));
      const s = performance.now();
      const status = await post(body);
      lat.push(performance.now() - s);
      if (status !== 201) errors++;
      if (++done % job.segment === 0) {
        const c = procCpuMs(job.pid);
        segments.push((c - segCpu) / job.segment);
        segCpu = c;
        peakRss = Math.max(peakRss, procRssMb(job.pid));
      }
    }
  }),
);
const wall = (performance.now() - t0) / 1000;
const cpu = procCpuMs(job.pid) - cpu0;
const mainCpu = procMainThreadCpuMs(job.pid) - main0;
const split = splitThreads(job.pid, threads0, procThreadsCpu(job.pid));
const client = process.cpuUsage(client0);
agent.destroy();
lat.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    concurrency: job.concurrency,
    turns: job.n,
    turnsPerS: job.n / wall,
    cpuMsPerTurn: cpu / job.n,
    mainCpuMsPerTurn: mainCpu / job.n,
    workerCpuMsPerTurn: split.workerMs / job.n,
    otherCpuMsPerTurn: split.otherMs / job.n,
    clientCpuMsPerTurn: (client.user + client.system) / 1000 / job.n,
    p50: pct(lat, 0.5),
    p99: pct(lat, 0.99),
    segments,
    errors,
    peakRssMb: Math.max(peakRss, procRssMb(job.pid)),
    load: loadavg().map((x) => x.toFixed(2)).join(' '),
  }),
);
