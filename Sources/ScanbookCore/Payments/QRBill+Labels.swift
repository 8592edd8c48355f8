extension QRBill {
    /// The languages a payment part is printed in (Swiss Implementation Guidelines, Annex C).
    public enum Language: String, Sendable, Codable, CaseIterable {
        case de, fr, it, en
    }

    /// The payment part's fixed wording, as the guidelines give it in each language.
    public struct Labels: Sendable, Equatable {
        public let paymentPart, receipt, account, reference, additionalInformation: String
        public let currency, amount, payableBy, payableByNameAddress, acceptancePoint, doNotUse: String

        public init(_ language: Language) {
            switch language {
            case .de:
                (paymentPart, receipt, account, reference) = ("Zahlteil", "Empfangsschein", "Konto / Zahlbar an", "Referenz")
                additionalInformation = "Zusätzliche Informationen"
                (currency, amount, payableBy, payableByNameAddress) = ("Währung", "Betrag", "Zahlbar durch", "Zahlbar durch (Name/Adresse)")
                (acceptancePoint, doNotUse) = ("Annahmestelle", "NICHT ZUR ZAHLUNG VERWENDEN")
            case .fr:
                (paymentPart, receipt, account, reference) = ("Section paiement", "Récépissé", "Compte / Payable à", "Référence")
                additionalInformation = "Informations supplémentaires"
                (currency, amount, payableBy, payableByNameAddress) = ("Monnaie", "Montant", "Payable par", "Payable par (nom/adresse)")
                (acceptancePoint, doNotUse) = ("Point de dépôt", "NE PAS UTILISER POUR LE PAIEMENT")
            case .it:
                (paymentPart, receipt, account, reference) = ("Sezione pagamento", "Ricevuta", "Conto / Pagabile a", "Riferimento")
                additionalInformation = "Informazioni supplementari"
                (currency, amount, payableBy, payableByNameAddress) = ("Valuta", "Importo", "Pagabile da", "Pagabile da (nome/indirizzo)")
                (acceptancePoint, doNotUse) = ("Punto di accettazione", "NON UTILIZZARE PER IL PAGAMENTO")
            case .en:
                (paymentPart, receipt, account, reference) = ("Payment part", "Receipt", "Account / Payable to", "Reference")
                additionalInformation = "Additional information"
                (currency, amount, payableBy, payableByNameAddress) = ("Currency", "Amount", "Payable by", "Payable by (name/address)")
                (acceptancePoint, doNotUse) = ("Acceptance point", "DO NOT USE FOR PAYMENT")
            }
        }
    }
}
