import { useState } from 'react';
import { indiaToday, statementPeriod, statementProblem, type StatementPeriod } from './ledger-dates';

/**
 * A statement's period: this financial year by default, the last 3 months, or any From and To (a
 * date typed makes it Custom); the dates are worked out from today in India, read once.
 */
export function useStatementPeriod() {
  const [today] = useState(() => indiaToday());
  const [period, setPeriod] = useState<StatementPeriod>('financialYear');
  const [dates, setDates] = useState(() => statementPeriod('financialYear', today));

  const choosePeriod = (next: StatementPeriod) => {
    setPeriod(next);
    if (next !== 'custom') setDates(statementPeriod(next, today));
  };
  const setDate = (key: 'from' | 'to', value: string) => {
    setPeriod('custom');
    setDates((d) => ({ ...d, [key]: value }));
  };

  /** Why these dates make no statement (e.g. From after To), or null. */
  const problem = statementProblem(dates.from, dates.to);
  return { period, dates, choosePeriod, setDate, problem };
}
