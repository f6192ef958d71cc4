import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Svg = styled.svg`
  animation: ${spin} 0.8s linear infinite;
  flex-shrink: 0;
`;

export interface SpinnerProps {
  size?: number;
  label?: string;
}

export function Spinner({ size = 16, label = 'Loading' }: SpinnerProps) {
  return (
    <Svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      role="status"
      aria-label={label}
    >
      <path d="M21 12a9 9 0 1 1-6.2-8.6" strokeLinecap="round" />
    </Svg>
  );
}
