console.log('client build pending')
