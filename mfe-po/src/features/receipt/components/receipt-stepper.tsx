/** The wizard's two steps, the current one marked (and focused when it changes: hooks/use-step-focus.ts). */
import { Icon } from '@erp/ui';
import type { RefObject } from 'react';
import type { WizardStep } from '../hooks/receipt-wizard-state';
import { Steps } from './receipt-wizard-styles';

const STEP_TITLES = { 1: 'Select Items & Quantities', 2: 'Invoices & Receipt Details' } as const;

export function Stepper({ step, stepRef }: { step: WizardStep; stepRef: RefObject<HTMLLIElement | null> }) {
  return (
    <nav aria-label="Receipt steps">
      <Steps>
        {([1, 2] as const).map((n) => (
          <li
            key={n}
            ref={n === step ? stepRef : undefined}
            tabIndex={n === step ? -1 : undefined}
            aria-current={n === step ? 'step' : undefined}
            className={n < step ? 'done' : undefined}
          >
            <span className="dot" aria-hidden="true">
              {n < step ? <Icon name="check" size={12} /> : n}
            </span>
            <span>
              <span
                style={{
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                }}
              >
                Step {n}:{' '}
              </span>
              {STEP_TITLES[n]}
            </span>
          </li>
        ))}
      </Steps>
    </nav>
  );
}
