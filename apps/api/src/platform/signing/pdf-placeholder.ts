import { PDFArray, PDFDict, PDFHexString, PDFInvalidObject, PDFName, PDFNumber, PDFString, type PDFDocument } from '@cantoo/pdf-lib';
import { ANNOTATION_FLAGS, DEFAULT_BYTE_RANGE_PLACEHOLDER, SIG_FLAGS } from '@signpdf/utils';

/*
 * The signature placeholder of a PAdES signature, drawn with @cantoo/pdf-lib: the signature
 * dictionary (ByteRange and Contents left for @signpdf/signpdf to fill), an invisible widget on the
 * first page and the AcroForm's field. It is @signpdf/placeholder-pdf-lib's pdflibAddPlaceholder
 * (MIT) over the maintained fork: that package builds its objects with the classes of upstream
 * pdf-lib 1.17.1, which must not be mixed with another library's document (the names and arrays it
 * looks up are compared by class and by interned instance).
 */
export function addSignaturePlaceholder(doc: PDFDocument, o: {
  reason: string; name: string; location: string; contactInfo: string; signingTime: Date; subFilter: string; signatureLength: number;
}): void {
  const page = doc.getPages()[0];
  if (!page) throw new Error('The PDF has no page to carry the signature.');
  const byteRange = PDFArray.withContext(doc.context);
  byteRange.push(PDFNumber.of(0));
  for (let i = 0; i < 3; i++) byteRange.push(PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER));
  const signatureDict = doc.context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: o.subFilter,
    ByteRange: byteRange,
    Contents: PDFHexString.of(String.fromCharCode(0).repeat(o.signatureLength)),
    Reason: PDFString.of(o.reason),
    M: PDFString.fromDate(o.signingTime),
    ContactInfo: PDFString.of(o.contactInfo),
    Name: PDFString.of(o.name),
    Location: PDFString.of(o.location),
    Prop_Build: { Filter: { Name: 'Adobe.PPKLite' } },
  });
  // Written as raw bytes (PDFInvalidObject) so that saving never puts it in an object stream,
  // where @signpdf/signpdf could not find the placeholder.
  const bytes = new Uint8Array(signatureDict.sizeInBytes());
  signatureDict.copyBytesInto(bytes, 0);
  const signatureRef = doc.context.register(PDFInvalidObject.of(bytes));

  const widgetRect = [0, 0, 0, 0];
  const rect = PDFArray.withContext(doc.context);
  for (const c of widgetRect) rect.push(PDFNumber.of(c));
  // An appearance stream (PDF/A asks for one) with empty Resources (an Acrobat quirk).
  const appearance = doc.context.formXObject([], { BBox: widgetRect, Resources: {} });
  const widgetRef = doc.context.register(doc.context.obj({
    Type: 'Annot', Subtype: 'Widget', FT: 'Sig', Rect: rect, V: signatureRef, T: PDFString.of('Signature1'),
    F: ANNOTATION_FLAGS.PRINT, P: page.ref, AP: { N: doc.context.register(appearance) },
  }));

  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? doc.context.obj([]);
  annots.push(widgetRef);
  page.node.set(PDFName.of('Annots'), annots);

  let acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (!acroForm) {
    acroForm = doc.context.obj({ Fields: [] });
    doc.catalog.set(PDFName.of('AcroForm'), doc.context.register(acroForm));
  }
  const flags = acroForm.get(PDFName.of('SigFlags'));
  const had = flags instanceof PDFNumber ? flags.asNumber() : 0;
  acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(had | SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY));
  let fields = acroForm.get(PDFName.of('Fields'));
  if (!(fields instanceof PDFArray)) {
    fields = doc.context.obj([]);
    acroForm.set(PDFName.of('Fields'), fields);
  }
  (fields as PDFArray).push(widgetRef);
}
