/** The bank transfer (NEFT/RTGS) option of paying an invoice: see ./challan/challan-option. */
export { ChallanOption } from './challan/challan-option';
