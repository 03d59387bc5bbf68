/**
 * The choice of a status on the dashboard: the organization's statuses grouped by their category,
 * in the categories' order and then their own.
 */
import type { Status } from '../../domain/team-responses.js';
import { STATUS_TEXT, STATUSES } from '../layout.js';
import { labelText } from '../status-labels.js';

/** The organization's statuses by category, each group in position order; empty categories left out. */
export function statusesByCategory(statuses: readonly Status[]): { category: (typeof STATUSES)[number]; statuses: Status[] }[] {
  return STATUSES.map((category) => ({ category, statuses: statuses.filter((s) => s.category === category) })).filter((group) => group.statuses.length > 0);
}

/** A `status_label_id` select with `selected` chosen. */
export function StatusSelect(props: { statuses: readonly Status[]; selected?: number; id?: string; label?: string }) {
  const id = props.id ?? 'status_label_id';
  return (
    <div class="field">
      <label for={id}>{props.label ?? 'Status'}</label>
      <select id={id} name="status_label_id">
        {statusesByCategory(props.statuses).map((group) => (
          <optgroup label={STATUS_TEXT[group.category]}>
            {group.statuses.map((status) => (
              <option value={String(status.id)} selected={status.id === props.selected}>
                {labelText(status, status.category)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
