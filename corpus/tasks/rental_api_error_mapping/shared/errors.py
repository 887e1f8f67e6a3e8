"""The domain errors of the equipment rental service."""


class RentalError(Exception):
    """Anything the service refuses on purpose."""


class ClientError(RentalError):
    """The request cannot be served as sent."""


class NotFound(ClientError):
    pass


class Conflict(ClientError):
    pass


class AlreadyRented(Conflict):
    pass


class ValidationFailed(ClientError):
    def __init__(self, field, reason):
        super().__init__(f"{field}: {reason}")
        self.field = field


class PaymentDeclined(RentalError):
    pass


class UpstreamDown(RentalError):
    pass
