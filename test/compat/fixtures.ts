/**
 * @module test/compat/fixtures
 * A MemoryRecord factory for the pure compatibility tests.
 */
import type { MemoryRecord } from '../../src/core/types.ts';

export function memory(over: Partial<MemoryRecord> = {}): MemoryRecord {
  return {
    id: 'm1',
    scope: 'u:u1|a:av1',
    userId: 'u1',
    agentId: 'av1',
    type: 'fact',
    subject: 'user',
    key: 'location',
    value: 'Berlin',
    confidence: 0.9,
    singleValued: true,
    status: 'active',
    active: true,
    sourceSession: 's1',
    sourceTurn: 't1',
    evidence: 'I live in Berlin.',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    validFrom: null,
    validTo: null,
    eventDate: null,
    supersedes: null,
    supersededBy: null,
    lastSeenAt: null,
    deletedAt: null,
    metadata: {},
    text: 'user location: Berlin',
    terms: 'user locat berlin',
    termCount: 3,
    ...over,
  };
}
