import {
  MODULE_KEYS,
  MODULES,
  setAccess,
  subModuleKeys,
  type AccessLevel,
  type ModuleKey,
  type ModulePermissions,
} from '@erp/contracts';
import { Checkbox, Table, TableContainer, TBody, Td, Th, THead, theme, Tr } from '@erp/ui';
import { Fragment } from 'react';
import styled from 'styled-components';

const ModuleRow = styled(Tr)`
  background: ${theme.color.sidebar};
  & > td:first-child {
    font-weight: 600;
  }
`;

const SubLabel = styled(Td)`
  padding-left: 2rem;
  ${theme.media.mobile} {
    padding-left: 1.5rem;
  }
  color: ${theme.color.mutedForeground};
`;

const Narrow = styled(Th)`
  width: 5.5rem;
  ${theme.media.mobile} {
    width: 3.75rem;
    padding: 0 0.5rem;
  }
`;

export interface ModulePermissionsTableProps {
  modules: ModulePermissions;
  disabled: boolean;
  onChange: (modules: ModulePermissions) => void;
}

/** Read/write per module and sub-module; write turns read on, read off turns write off (SPEC §5). */
export function ModulePermissionsTable({ modules, disabled, onChange }: ModulePermissionsTableProps) {
  const set = (module: ModuleKey, sub: string | null, level: AccessLevel, value: boolean) =>
    onChange(setAccess(modules, module, sub, level, value));

  const all = (module: ModuleKey, level: AccessLevel) =>
    Object.values(modules[module].subModules).every((a) => a[level]);

  return (
    <TableContainer>
      <Table>
        <THead>
          <Tr>
            <Th scope="col">Module</Th>
            <Narrow scope="col" $align="center">
              Read
            </Narrow>
            <Narrow scope="col" $align="center">
              Write
            </Narrow>
          </Tr>
        </THead>
        <TBody>
          {MODULE_KEYS.map((module) => {
            const m = modules[module];
            const label = MODULES[module].label;
            return (
              <Fragment key={module}>
                <ModuleRow>
                  <Td>{label}</Td>
                  {(['read', 'write'] as const).map((level) => (
                    <Td key={level} $align="center">
                      <Checkbox
                        checked={all(module, level)}
                        indeterminate={m[level] && !all(module, level)}
                        onCheckedChange={(value) => set(module, null, level, value)}
                        disabled={disabled}
                        aria-label={`${level === 'read' ? 'Read' : 'Write'} all of ${label}`}
                      />
                    </Td>
                  ))}
                </ModuleRow>
                {subModuleKeys(module).map((sub) => {
                  const subLabel = (MODULES[module].subModules as Record<string, string>)[sub] ?? sub;
                  const access = m.subModules[sub] ?? { read: false, write: false };
                  return (
                    <Tr key={sub}>
                      <SubLabel>{subLabel}</SubLabel>
                      {(['read', 'write'] as const).map((level) => (
                        <Td key={level} $align="center">
                          <Checkbox
                            checked={access[level]}
                            onCheckedChange={(value) => set(module, sub, level, value)}
                            disabled={disabled}
                            aria-label={`${level === 'read' ? 'Read' : 'Write'} ${subLabel}`}
                          />
                        </Td>
                      ))}
                    </Tr>
                  );
                })}
              </Fragment>
            );
          })}
        </TBody>
      </Table>
    </TableContainer>
  );
}
