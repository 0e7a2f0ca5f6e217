import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Queue } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import { QueueWorker } from './queue-worker';

// Long enough for every queue's connection on a loaded machine (2 s was not, once, on CI); a Redis that never
// answers still gets the refusal, this much later.
const QUEUE_READY_WAIT_MS = 15_000;

/**
 * Refuses to start the app when a registered queue has no handler (its jobs would wait forever) or
 * two (they would race for them), or when a handler's queue is not registered. Runs before any
 * worker starts.
 */
@Injectable()
export class JobHandlersCheck implements OnModuleInit {
  constructor(private readonly discovery: DiscoveryService) {}

  async onModuleInit(): Promise<void> {
    const queues = new Set<string>();
    const registered: Queue[] = [];
    const handlers = new Map<string, string[]>();
    for (const { instance } of this.discovery.getProviders()) {
      if (instance instanceof Queue) {
        queues.add(instance.name);
        registered.push(instance);
      } else if (instance instanceof QueueWorker) {
        const names = handlers.get(instance.queueName) ?? [];
        handlers.set(instance.queueName, [...names, instance.constructor.name]);
      }
    }
    const problems = jobHandlerProblems(queues, handlers);
    if (!problems.length) return;
    // BullMQ cannot close a queue whose connection is still being set up: the connection drops its
    // listeners, then reports the aborted setup as an 'error' nobody hears, which ends the process.
    await Promise.race([
      Promise.allSettled(registered.map((queue) => queue.waitUntilReady())),
      sleep(QUEUE_READY_WAIT_MS, undefined, { ref: false }),
    ]);
    throw new Error(`Cannot start: ${problems.join('; ')}`);
  }
}

/** What is wrong with the queues and their handlers (by class name); empty when each queue has exactly one. */
export function jobHandlerProblems(queues: Set<string>, handlers: Map<string, string[]>): string[] {
  const problems: string[] = [];
  for (const queue of queues) {
    const found = handlers.get(queue) ?? [];
    if (!found.length) problems.push(`queue "${queue}" has no job handler`);
    if (found.length > 1) problems.push(`queue "${queue}" has ${found.length} job handlers (${found.join(', ')})`);
  }
  for (const [queue, names] of handlers) {
    if (!queues.has(queue)) problems.push(`${names.join(', ')} handles queue "${queue}", which is not registered`);
  }
  return problems;
}
