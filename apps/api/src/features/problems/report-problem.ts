import type { Readable } from 'node:stream';
import type { OrderProblem } from '@malewa/contracts/orders/problem';
import { type ProblemReport, ZProblemReportSchema } from '@malewa/contracts/orders/problem';
import { PROBLEM_WINDOW_HOURS } from '@malewa/contracts/orders/problem-vocabulary';
import type { ReportProblemProblem } from '@malewa/contracts/orders/report-problem';
import { MAX_PHOTO_BYTES } from '@malewa/contracts/provider/listings';
import type { MediaStore } from '@malewa/media/media-store';
import { privatePhotoKey, storePrivatePhoto } from '@malewa/media/private-photo';
import { NotAPhotoError } from '@malewa/media/render-photo';
import { AppError } from '#api/app-error.ts';
import { type Clock, clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { presentProblem } from './present-problem.ts';
import type { ProblemOrder, ProblemRepository } from './problem-repository.ts';

/** A part of the multipart form, as the route hands it over. */
export type ReportPart =
  | { type: 'field'; name: string; value: string }
  | { type: 'file'; name: string; stream: Readable };

export interface ReportProblemDeps {
  problems: ProblemRepository;
  media: MediaStore;
  now?: Clock | undefined;
  /** Where a photo that could not be removed after a refusal is reported. */
  log?: { warn(context: object, message: string): void };
}

const WINDOW_MS = PROBLEM_WINDOW_HOURS * 60 * 60 * 1000;

/**
 * A shopper reports lines of their delivered order that were missing, wrong or damaged, within
 * 48 hours of delivery on the API's clock (48 h exactly is still in time). The photo is read
 * whole first (the form streams), and stored, re-encoded and private, only once the report
 * is taken; another shopper's order is a 404.
 */
export async function reportProblem(
  deps: ReportProblemDeps,
  principal: Principal,
  orderId: string,
  parts: AsyncIterable<ReportPart>,
): Promise<OrderProblem> {
  let json: string | undefined;
  let photo: Uint8Array | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.name !== 'report') throw invalid({ [part.name]: ['This form has no such field'] });
      json = part.value;
    } else if (part.name !== 'photo' || photo) {
      part.stream.resume();
      throw invalid({ photo: ['Send one photo, as the part `photo`'] });
    } else {
      photo = await readWhole(part.stream);
    }
  }
  const now = clock(deps);
  const order = await deps.problems.orderOf(orderId);
  if (!order || order.userId !== principal.userId) throw new AppError('NOT_FOUND', 'No such order');
  const report = readReport(json);
  checkReport(order, report, now);

  let photoKey: string | null = null;
  if (photo && photo.length > 0) {
    try {
      photoKey = privatePhotoKey(await storePrivatePhoto(deps.media, photo));
    } catch (error) {
      if (error instanceof NotAPhotoError) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a JPEG, PNG or WebP photo', {
          fields: { photo: ['Send a JPEG, PNG or WebP photo'] },
        });
      }
      throw error;
    }
  }
  let id: string;
  try {
    id = await deps.problems.insert({
      orderId: order.id,
      userId: order.userId,
      providerId: order.providerId,
      note: report.note,
      photoKey,
      reportedAt: now,
      lines: report.lines.map((line) => ({
        orderLineId: line.orderLineId,
        quantityMilli: Math.round(line.quantity * 1000),
        reason: line.reason,
      })),
    });
  } catch (error) {
    // The refusal is the answer: a photo that will not go stays behind, logged, not a 500.
    if (photoKey) {
      const key = photoKey;
      await deps.media
        .remove(key)
        .catch((removal: unknown) =>
          deps.log?.warn({ err: removal, photoKey: key }, "a refused report's photo could not be removed"),
        );
    }
    throw error;
  }
  const problem = await deps.problems.problemById(id);
  if (!problem) throw new Error('The problem just reported is gone');
  return presentProblem(problem);
}

/** When a delivered order may still be reported on: until 48 h after its delivery. */
export function reportableUntil(order: Pick<ProblemOrder, 'status' | 'deliveredAt'>): Date | null {
  if (order.status !== 'delivered' || !order.deliveredAt) return null;
  return new Date(order.deliveredAt.getTime() + WINDOW_MS);
}

function checkReport(order: ProblemOrder, report: ProblemReport, now: Date): void {
  const deadline = reportableUntil(order);
  if (!deadline) refuse({ code: 'not_delivered' }, 'This order has not been delivered');
  if (now.getTime() > deadline.getTime()) {
    refuse(
      { code: 'too_late', deadline: deadline.toISOString() },
      `Problems are reported within ${PROBLEM_WINDOW_HOURS} hours of delivery`,
    );
  }
  for (const reported of report.lines) {
    const line = order.lines.find((candidate) => candidate.id === reported.orderLineId);
    if (!line) refuse({ code: 'not_a_line', orderLineId: reported.orderLineId }, 'This line is not of this order');
    if (Math.round(reported.quantity * 1000) > line.quantityMilli) {
      refuse(
        { code: 'above_bought', orderLineId: line.id, bought: line.quantityMilli / 1000 },
        `Only ${line.quantityMilli / 1000} of this line was bought`,
      );
    }
  }
}

async function readWhole(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_PHOTO_BYTES) {
      stream.resume();
      throw new AppError('PAYLOAD_TOO_LARGE', 'A photo may be 8 MB at most', {
        fields: { photo: ['This photo is larger than 8 MB'] },
      });
    }
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

function readReport(json: string | undefined): ProblemReport {
  if (json === undefined) throw invalid({ report: ['The report is missing'] });
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalid({ report: ['The report is not valid JSON'] });
  }
  const parsed = ZProblemReportSchema.safeParse(value);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.') || 'report';
      fields[field] = [...(fields[field] ?? []), issue.message];
    }
    throw invalid(fields);
  }
  return parsed.data;
}

function refuse(problem: ReportProblemProblem, message: string): never {
  throw new AppError('BUSINESS_RULE', message, { problem });
}

function invalid(fields: Record<string, string[]>): AppError {
  return new AppError('VALIDATION_FAILED', 'The report needs another look', { fields });
}
