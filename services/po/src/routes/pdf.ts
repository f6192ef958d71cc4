/** A PO printed (GET /po/{id}/pdf): the PDF a vendor is sent, for those who may see the PO. */
import type { FastifyInstance } from 'fastify';
import { IdParams } from '@erp/contracts';
import type { TypeBoxTypeProvider } from '@erp/service-kit';
import { poDocument } from '../plugins/pdf/po-document.js';
import { renderPoPdf } from '../plugins/pdf/po-pdf.js';
import { vendorDetails } from '../repositories/vendor-snapshots.js';
import { requirePoRead, visiblePo, type PoRouteDeps } from './po.js';

export async function pdfRoutes(app: FastifyInstance, deps: PoRouteDeps): Promise<void> {
  const { ctx, pos } = deps;
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/po/:id/pdf',
    // Signed-in here; PO List or Open POs read and the project are checked in the handler (as GET /po/{id}).
    { config: { access: 'signed-in' }, schema: { tags: ['po'], params: IdParams } },
    async (request, reply) => {
      const auth = requirePoRead(request);
      const po = await visiblePo(pos, ctx.db, auth, request.params.id);
      const vendor = await vendorDetails(ctx.db, ctx.schema, po.vendor._id);
      const places = await pos.deliveryPlaces(ctx.db, po._id);
      const pdf = await renderPoPdf(poDocument(po, vendor, deps.company, places));
      reply.type('application/pdf');
      reply.header('content-disposition', `inline; filename="${po.poNumber}.pdf"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(pdf);
    },
  );
}
