import { errorMessage } from '@erp/sdk';
import { Button, Icon, Spinner, toast } from '@erp/ui';
import { useExportItems, type ExportFormat } from '../api/export-items';

/** Export (CSV / XLSX) of the items matching the current search; the server builds the file. */
export function ExportButtons({ keyword }: { keyword: string }) {
  const exporting = useExportItems();
  const run = (format: ExportFormat) =>
    exporting.mutate(
      { format, keyword },
      { onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }) },
    );
  const busy = exporting.isPending ? exporting.variables.format : null;
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outline"
          onClick={() => run(format)}
          disabled={exporting.isPending}
          aria-label={`Export ${format.toUpperCase()}`}
        >
          {busy === format ? <Spinner /> : <Icon name="file" />}
          Export {format.toUpperCase()}
        </Button>
      ))}
    </>
  );
}
