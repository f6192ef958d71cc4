import type { FleetCost } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { Button, Input, Label, Spinner, theme, toast } from '@erp/ui';
import { Switch } from '@erp/ui/remote';
import { useState } from 'react';
import styled from 'styled-components';
import { useSaveFleet } from '../api/save-fleet';
import {
  fleetBody,
  fleetChanged,
  fleetValues,
  sanitizeAmount,
  type FleetValues,
} from '../hooks/fleet-values';

const Box = styled.fieldset`
  margin: 0;
  padding: 0.75rem;
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.md};
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.5rem 0.75rem;
  align-items: end;
  & > legend {
    padding: 0 0.25rem;
    font-size: 0.8125rem;
    font-weight: 600;
  }
  & > div {
    display: grid;
    gap: 0.25rem;
    min-width: 0;
  }
  & > .free {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    height: 2.25rem;
    font-size: 0.875rem;
  }
`;

export interface FleetEditorProps {
  indentId: string;
  vendorId: string;
  vendorName: string;
  saved: FleetCost | undefined;
  disabled: boolean;
}

/** A vendor's fleet (transport) cost on this indent: Amount, GST, 'Set as Free', Save (PUT /indent/fleet/{id}). */
export function FleetEditor({ indentId, vendorId, vendorName, saved, disabled }: FleetEditorProps) {
  const [values, setValues] = useState<FleetValues>(() => fleetValues(saved));
  const save = useSaveFleet(indentId);
  const set = (patch: Partial<FleetValues>) => setValues((v) => ({ ...v, ...patch }));
  const changed = fleetChanged(saved, values);
  const id = `fleet-${vendorId}`;

  const onSave = () => {
    const built = fleetBody(vendorId, values);
    if ('problem' in built) {
      toast({ title: 'Validation Error', description: built.problem, variant: 'destructive' });
      return;
    }
    save.mutate(built.body, {
      onSuccess: () =>
        toast({
          title: 'Fleet cost saved',
          description: `Fleet cost updated for ${vendorName}`,
          variant: 'success',
        }),
      onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
    });
  };

  const locked = disabled || save.isPending;
  return (
    <Box aria-label={`Fleet cost for ${vendorName}`}>
      <legend>Fleet Cost</legend>
      <div>
        <Label htmlFor={`${id}-amount`}>Amount (₹)</Label>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          placeholder="0.00"
          value={values.amount}
          disabled={locked || values.free}
          onChange={(e) => set({ amount: sanitizeAmount(e.target.value) })}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-gst`}>GST (₹)</Label>
        <Input
          id={`${id}-gst`}
          inputMode="decimal"
          placeholder="0.00"
          value={values.gst}
          disabled={locked || values.free}
          onChange={(e) => set({ gst: sanitizeAmount(e.target.value) })}
        />
      </div>
      <div className="free">
        <Switch
          id={`${id}-free`}
          checked={values.free}
          onCheckedChange={(free) => set({ free })}
          disabled={locked}
          aria-label={`Set as Free (${vendorName})`}
        />
        <Label htmlFor={`${id}-free`}>Set as Free</Label>
      </div>
      <Button
        variant={changed ? 'default' : 'outline'}
        size="sm"
        onClick={onSave}
        disabled={locked}
        aria-busy={save.isPending || undefined}
        style={{ height: '2.25rem' }}
      >
        {save.isPending && <Spinner />}
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </Box>
  );
}
