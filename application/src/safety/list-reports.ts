import { type Actor, type ReportTarget, REPORT_REASON_LABELS, reportNotFound } from '@voltmarket/domain';
import { requireStaff } from '../shared/guards.js';
import type { ReportGroup, ReportGroupDetail, ReportQuery, SafetyStore, StoredReport } from './safety-ports.js';
import { type SuspensionHistoryView, toSuspensionHistory } from './suspend-user.js';

export interface ReportGroupView {
  id: string;
  target: ReportTarget;
  targetId: string;
  targetUserId: string;
  label: string;
  targetStatus: string;
  openCount: number;
  reasons: string[];
  oldestAt: string;
  latestAt: string;
}

export interface ReportView {
  id: number;
  target: ReportTarget;
  targetId: string;
  reason: string;
  reasonLabel: string;
  note: string | null;
  reporterName: string;
  status: 'open' | 'closed';
  outcome: string | null;
  outcomeNote: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

export interface ReportGroupDetailView extends ReportGroupView {
  sellerName: string;
  open: ReportView[];
  earlier: ReportView[];
  suspensions: SuspensionHistoryView[];
}

const toGroupView = (g: ReportGroup): ReportGroupView => ({
  id: g.id, target: g.target, targetId: g.targetId, targetUserId: g.targetUserId, label: g.label, targetStatus: g.targetStatus,
  openCount: g.openCount, reasons: g.reasons, oldestAt: g.oldestAt.toISOString(), latestAt: g.latestAt.toISOString(),
});

const toReportView = (r: StoredReport): ReportView => ({
  id: r.id, target: r.target, targetId: r.targetId, reason: r.reason, reasonLabel: REPORT_REASON_LABELS[r.reason], note: r.note,
  reporterName: r.reporterName, status: r.status, outcome: r.outcome, outcomeNote: r.outcomeNote,
  createdAt: r.createdAt.toISOString(), resolvedAt: r.resolvedAt?.toISOString() ?? null,
});

/** The reports queue: listings and people with open reports, the longest waiting first. */
export class ListReportGroups {
  constructor(private readonly store: SafetyStore) {}

  async execute(query: ReportQuery, actor: Actor | null): Promise<{ items: ReportGroupView[]; total: number }> {
    requireStaff(actor);
    const page = await this.store.reportGroups(query);
    return { items: page.items.map(toGroupView), total: page.total };
  }
}

/** One reported listing or person: the open reports, the earlier ones, and the person's suspensions. */
export class GetReportGroup {
  constructor(private readonly store: SafetyStore) {}

  async execute(input: { id: string }, actor: Actor | null): Promise<ReportGroupDetailView> {
    requireStaff(actor);
    const match = /^(listing|user):(.{1,128})$/.exec(input.id);
    const group: ReportGroupDetail | null = match ? await this.store.reportGroup(match[1] as ReportTarget, match[2]!) : null;
    if (!group) throw reportNotFound(input.id);
    return {
      ...toGroupView(group), sellerName: group.sellerName, open: group.open.map(toReportView), earlier: group.earlier.map(toReportView),
      suspensions: group.suspensions.map(toSuspensionHistory),
    };
  }
}
