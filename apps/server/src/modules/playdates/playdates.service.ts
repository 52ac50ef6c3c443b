import { createPlaydateBookings } from './playdate-bookings';
import { createPlaydateExtensions } from './playdate-extensions';
import type { PlaydatesDeps } from './playdate-helpers';
import { createPlaydateMemberRequests } from './playdate-member-requests';
import { createPlaydateNextJobs } from './playdate-next-jobs';
import { createPlaydateOffers } from './playdate-offers';
import { createPlaydateReads } from './playdate-reads';
import { createPlaydateStatusChanges } from './playdate-status-changes';
import { createPlaydateSteps } from './playdate-steps';
import { createPlaydateStudio } from './playdate-studio';
import { createPlaydateViews } from './playdate-views';
import type { PlaydateRecord, PlaydatesPort } from './playdates-port';

// Playdates (decision record 040): public shows a model announces and private sessions a premium member requests.
// Coins of a request are held on the ledger's holds account and captured, released or refunded by the status
// changes; every time-driven step is a durable job plus a per-minute sweep, and each step is one conditional UPDATE
// so it happens once whoever runs it. This file assembles the service from its use cases; it implements the rooms'
// PlaydatesPort (playdates-port.ts), checked here.

export type { PlaydatesDeps } from './playdate-helpers';

export function createPlaydatesService(deps: PlaydatesDeps) {
  const views = createPlaydateViews(deps);
  const nextJobs = createPlaydateNextJobs(deps);
  const changes = createPlaydateStatusChanges(deps, views, nextJobs);
  const bookings = createPlaydateBookings(deps);
  const offers = createPlaydateOffers(deps);
  const steps = createPlaydateSteps(deps, { views, changes, bookings });
  const { modelPublished, ...timeSteps } = steps;

  const port: PlaydatesPort = {
    async record(id: number): Promise<PlaydateRecord | null> {
      const row = await views.viewRow(id);
      return row ? views.toRecord(row) : null;
    },
    toPlaydate: views.toPlaydate,
    modelPublished,
    onStatusChanged: changes.onStatusChanged,
  };

  return {
    // ---- The port (decision record 040) ----
    ...port,
    /** The replay links of finished public playdates (the rooms module makes their tokens). */
    setReplayPaths: views.setReplayPaths,

    // ---- Private: offers, requests, extensions ----
    ...createPlaydateMemberRequests(deps, { views, offers, changes, bookings, nextJobs }),
    ...createPlaydateExtensions(deps, { views, changes, bookings }),

    // ---- Lists, a model's camera, reminders ----
    ...createPlaydateReads(deps, { views, offers, nextJobs }),

    // ---- The studio and the team ----
    ...createPlaydateStudio(deps, { views, changes, bookings, nextJobs, steps }),

    // ---- The durable steps (jobs and the sweep, playdates-jobs.ts) ----
    ...timeSteps,
  };
}

export type PlaydatesService = ReturnType<typeof createPlaydatesService>;
