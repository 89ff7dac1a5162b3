import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { CashoutSheet } from './cashout-sheet';
import { useCashoutValues, type CashoutValues } from './use-cashout-values';

interface Board {
  values: CashoutValues;
  /** A row of an open billiards bet is on the page: its value is asked for (undo on unmount). */
  register: (betNo: string) => () => void;
  /** Opens the cash-out sheet of the bet. */
  open: (betNo: string) => void;
}

const BoardContext = createContext<Board | null>(null);

/** The cash-out of the open billiards bets on a page: what its rows' buttons read and open. */
export function useCashoutBoard(): Board {
  const board = useContext(BoardContext);
  if (!board) throw new Error('useCashoutBoard outside a CashoutBoard');
  return board;
}

const withBetNo = (list: string[], betNo: string) => (list.includes(betNo) ? list : [...list, betNo].sort());
const withoutBetNo = (list: string[], betNo: string) => (list.includes(betNo) ? list.filter((b) => b !== betNo) : list);

/**
 * Holds the values of the open billiards bets its rows show (one values call for them all, kept
 * up to date by CASHOUT_VALUES) and the one cash-out sheet of the page.
 */
export function CashoutBoard({ children }: { children: ReactNode }) {
  const [betNos, setBetNos] = useState<string[]>([]);
  const [openBetNo, setOpenBetNo] = useState<string | null>(null);
  const values = useCashoutValues(betNos);
  const register = useCallback((betNo: string) => {
    setBetNos((list) => withBetNo(list, betNo));
    return () => setBetNos((list) => withoutBetNo(list, betNo));
  }, []);
  return (
    <BoardContext.Provider value={{ values, register, open: setOpenBetNo }}>
      {children}
      <CashoutSheet
        betNo={openBetNo}
        value={openBetNo === null ? undefined : values.byBetNo.get(openBetNo)}
        onAutoSaved={values.replace}
        onClose={() => setOpenBetNo(null)}
      />
    </BoardContext.Provider>
  );
}
