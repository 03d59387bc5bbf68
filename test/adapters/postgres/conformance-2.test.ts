/** The PostgreSQL conformance suite, share 2 of 3 (see conformance-shard.ts). */
import { definePostgresConformance } from './conformance-shard.js';

definePostgresConformance(1);
