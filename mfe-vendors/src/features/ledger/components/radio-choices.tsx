import { theme } from '@erp/ui';
import styled from 'styled-components';

const Choices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.25rem;
  margin: 0;
  padding: 0;
  border: 0;
  & > legend {
    font-size: 0.875rem;
    font-weight: 500;
    margin-bottom: 0.5rem;
    padding: 0;
  }
  & > label {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
    font-size: 0.875rem;
    cursor: pointer;
  }
  & input {
    accent-color: ${theme.color.primary};
  }
`;

export interface RadioChoicesProps<T extends string> {
  legend: string;
  /** The radio group's name. */
  name: string;
  /** Each choice's value and label, in order. */
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
}

/** A legend over a row of radio buttons, one of which is chosen (the statement's period and format). */
export function RadioChoices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: RadioChoicesProps<T>) {
  return (
    <Choices>
      <legend>{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {label}
        </label>
      ))}
    </Choices>
  );
}
