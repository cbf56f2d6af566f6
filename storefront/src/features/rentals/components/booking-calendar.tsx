import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import type { BookedRange } from '../../../lib/api-types';
import { addDays, addMonths, formatDayInFull, formatMonth, isDay, isHeld, MAX_DAYS_AHEAD, monthOf, monthWeeks, overlapsAny, type Day } from '../rental-dates';

interface BookingCalendarProps {
  booked: readonly BookedRange[];
  startDate: string;
  endDate: string;
  today: Day;
  /** A day pressed: the first starts a stay, the next (later) one ends it. */
  onPick: (day: Day) => void;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A month of days showing those other bookings hold and the chosen stay. Days can be picked with the
 * pointer or the keyboard (arrows move a day or a week, Page Up/Down a month); the date fields above
 * it work on their own.
 */
export function BookingCalendar({ booked, startDate, endDate, today, onPick }: BookingCalendarProps) {
  const last = addDays(today, MAX_DAYS_AHEAD);
  const start = isDay(startDate) ? startDate : null;
  const end = isDay(endDate) && start && endDate > start ? endDate : null;
  const [month, setMonth] = useState(monthOf(start ?? today));
  const [focused, setFocused] = useState<Day>(start ?? today);
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  // A start typed into its field brings its month into view.
  useEffect(() => {
    if (!start) return;
    setMonth(monthOf(start));
    setFocused(start);
  }, [start]);

  // After a key moved the focus, the day under it takes it (once its month is on screen).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, month]);

  const choosingEnd = start !== null && end === null;
  const selectable = (day: Day): boolean => {
    if (day < today || day > last) return false;
    // The drop-off day may be the day another booking starts: only the days in between must be free.
    if (choosingEnd && day > start) return !overlapsAny(start, day, booked);
    return day < last && !isHeld(day, booked);
  };

  const firstMonth = monthOf(today);
  const lastMonth = monthOf(last);
  const showMonth = (next: string) => {
    const clamped = next < firstMonth ? firstMonth : next > lastMonth ? lastMonth : next;
    setMonth(clamped);
    if (monthOf(focused) !== clamped) setFocused(clamped === firstMonth ? today : `${clamped}-01`);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    let next: Day | null = null;
    if (e.key in KEY_STEPS) next = addDays(focused, KEY_STEPS[e.key]!);
    else if (e.key === 'PageUp' || e.key === 'PageDown') {
      const target = addMonths(monthOf(focused), e.key === 'PageUp' ? -1 : 1);
      // The same day of that month, or its last day when it is shorter (31 Jan → 28 Feb).
      const days = monthWeeks(target).flat().filter((d): d is Day => d !== null);
      next = days[Math.min(Number(focused.slice(8)), days.length) - 1] ?? null;
    }
    if (!next) return;
    e.preventDefault();
    if (next < today) next = today;
    if (next > last) next = last;
    moved.current = true;
    setFocused(next);
    if (monthOf(next) !== month) setMonth(monthOf(next));
  };

  const tabbable = monthOf(focused) === month ? focused : `${month}-01`;
  return (
    <div className="calendar">
      <div className="calendar__head">
        <button type="button" className="icon-btn" aria-label="Previous month" disabled={month <= firstMonth} onClick={() => showMonth(addMonths(month, -1))}>
          <ChevronLeftIcon />
        </button>
        <p className="calendar__month" aria-live="polite">{formatMonth(month)}</p>
        <button type="button" className="icon-btn" aria-label="Next month" disabled={month >= lastMonth} onClick={() => showMonth(addMonths(month, 1))}>
          <ChevronRightIcon />
        </button>
      </div>
      <table ref={grid} className="calendar__grid" aria-label={formatMonth(month)} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" abbr={d}>{d.slice(0, 2)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => (
                <td key={day ?? `blank-${i}`}>
                  {day && (
                    <CalendarDay
                      day={day}
                      held={isHeld(day, booked)}
                      inStay={!!start && (end ? day >= start && day < end : day === start)}
                      isStart={day === start}
                      isEnd={day === end}
                      isToday={day === today}
                      selectable={selectable(day)}
                      tabbable={day === tabbable}
                      onPick={(d) => {
                        setFocused(d);
                        onPick(d);
                      }}
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="calendar__legend small" aria-label="Key">
        <li><span className="calendar__swatch calendar__swatch--booked" aria-hidden="true" /> Booked</li>
        <li><span className="calendar__swatch calendar__swatch--stay" aria-hidden="true" /> Your stay</li>
        <li><span className="calendar__swatch calendar__swatch--end" aria-hidden="true" /> Drop-off day (not charged)</li>
      </ul>
    </div>
  );
}

interface CalendarDayProps {
  day: Day;
  held: boolean;
  inStay: boolean;
  isStart: boolean;
  isEnd: boolean;
  isToday: boolean;
  selectable: boolean;
  tabbable: boolean;
  onPick: (day: Day) => void;
}

function CalendarDay({ day, held, inStay, isStart, isEnd, isToday, selectable, tabbable, onPick }: CalendarDayProps) {
  const notes = [isToday && 'today', held && 'booked', isStart && 'start of your stay', inStay && !isStart && 'in your stay', isEnd && 'drop-off day'].filter(Boolean);
  const classes = ['calendar__day', held && 'calendar__day--booked', inStay && 'calendar__day--stay', isStart && 'calendar__day--start', isEnd && 'calendar__day--end', isToday && 'calendar__day--today']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      data-day={day}
      tabIndex={tabbable ? 0 : -1}
      aria-label={[formatDayInFull(day), ...notes].join(', ')}
      aria-pressed={inStay || isEnd}
      // Still focusable, so arrow keys pass over it, but it cannot be chosen.
      aria-disabled={!selectable}
      onClick={() => {
        if (selectable) onPick(day);
      }}
    >
      {Number(day.slice(8))}
    </button>
  );
}
