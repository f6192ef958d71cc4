import { Button } from '@erp/ui';
import styled from 'styled-components';

/** The sign-in card's buttons, each as wide as the card. */
export const WideButton = styled(Button)`
  width: 100%;
`;
